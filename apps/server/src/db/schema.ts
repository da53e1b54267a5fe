import type { OutboxStatus } from '@app/domain/admin-email';
import type { JobFlag, JobTextField } from '@app/domain/jobs';
import type { ONBOARDING_FIELDS } from '@app/domain/onboarding-fields';
import type { Generated } from 'kysely';

/**
 * Table shapes shared by SQLite and PostgreSQL. Timestamps are ISO-8601 UTC text and booleans come
 * back as 0/1 from SQLite, so repositories read them through `toBool`.
 */
export interface UsersTable {
  id: string;
  email: string;
  email_verified: boolean | number;
  first_name: string;
  last_name: string;
  /** The browser's IANA time zone at the last sign-in that sent one; null means UTC. */
  time_zone: string | null;
  /** Whether the weekly summary e-mail is wanted. */
  weekly_summary: Generated<boolean | number>;
  created_at: string;
  updated_at: string;
}

export interface IdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string;
  email_verified: boolean | number;
  created_at: string;
  last_sign_in_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Shortened, for the devices list. */
  user_agent: Generated<string>;
  last_seen_at: string | null;
  /** Why the session ended: see SessionEndReason in auth/sessions.ts. */
  ended_reason: string | null;
  /** When this session passed the staff second factor. */
  mfa_passed_at: string | null;
}

export interface StaffMfaTable {
  user_id: string;
  secret: string;
  enrolled_at: string | null;
  last_time_step: number | null;
  failed_attempts: Generated<number>;
  locked_until: string | null;
}

export interface MfaRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}

/**
 * A person staff assigned work to by e-mail before anyone signed in with it; claimed (once) by the
 * first user who signs in with that e-mail verified. See decision 017.
 */
export interface PendingClientsTable {
  id: string;
  /** Lowercased. */
  email: string;
  created_at: string;
  claimed_by_user_id: string | null;
  claimed_at: string | null;
}

/** Jobs assigned to a client: `client_id` is a user id or a pending client id. */
export type JobsTable = {
  id: string;
  client_id: string;
  job_uid: string;
  refresh_date: string | null;
  client_approval: Generated<string>;
  client_notes: string | null;
  analyst_notes: string | null;
  applied_for_job: Generated<boolean | number>;
  data_posted: string | null;
  data_num_applicants: number | null;
  max_salary: number | null;
  outcome: string | null;
  outcome_date: string | null;
  /** When staff last marked it applied; null while it is not. */
  applied_at: string | null;
  created_at: string;
  updated_at: string;
} & { [K in JobTextField]: string | null } & { [K in JobFlag]: Generated<boolean | number> };

/** Raised with every write to a client's jobs; the jobs list's ETag is made from it. */
export interface JobListVersionsTable {
  client_id: string;
  version: number;
}

/**
 * One onboarding record per user (UNIQUE user_id): a column per field of the domain's field table;
 * lists are JSON text, booleans 0/1 on SQLite.
 */
export type OnboardingSubmissionsTable = {
  id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
} & {
  [F in (typeof ONBOARDING_FIELDS)[number] as F['snake']]: Generated<
    F['kind'] extends 'boolean' ? boolean | number : string
  >;
};

/** Uploaded files in the `documents` bucket; `path` is the storage key. */
export interface DocumentsTable {
  id: string;
  user_id: string;
  path: string;
  original_name: string;
  size: number;
  content_type: string;
  created_at: string;
}

/** A stored file still to delete after its rows went (migration 011). */
export interface StorageDeletionsTable {
  path: string;
  queued_at: string;
}

export interface OnboardingFeedbackTable {
  id: string;
  user_id: string;
  text: string;
  created_at: string;
}

/** Staff-saved job-search filters for a client; `filters` is JSON text. */
export interface JobSearchFiltersTable {
  id: string;
  client_id: string;
  /** The client's e-mail when the filters were saved, for staff to read; not a key. */
  client_email: string;
  name: string;
  query: string;
  filters: string;
  date_saved: string;
  position: number;
  updated_at: string;
  /** 1 when saved, one more with each edit (see PUT /api/job-search-filters/{id}). */
  version: number;
}

/** Every e-mail, before and after sending; `attachments` is JSON text of storage keys and file names. */
export interface MailOutboxTable {
  id: string;
  kind: string;
  /** The client the message is to or about; null for none. */
  client_id: string | null;
  client_email: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attachments: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/**
 * Append-only: the application inserts and reads; only a claim moves a pending client's lines to the
 * user (decision 017), and deleting an account deletes its lines. See decision 030.
 */
export interface ActivityLogTable {
  id: string;
  at: string;
  actor_kind: 'staff' | 'client' | 'system';
  actor_user_id: string | null;
  actor_email: string;
  client_id: string;
  action: string;
  /** JSON object. */
  detail: string;
}

/** The clients board's job counts per client, as of the client's job list version. See decision 031. */
export interface ClientBoardStatsTable {
  client_id: string;
  list_version: number;
  jobs_count: number;
  applied_recent: number;
  applied_recent_until: string | null;
}

/** A job's history, append-only: the application inserts and reads; a claim moves it to the user. */
export interface JobEventsTable {
  id: string;
  job_id: string;
  client_id: string;
  at: string;
  actor: 'team' | 'client';
  kind: string;
  /** JSON object. */
  detail: string;
}

/** Companies a client never wants to be put forward to; `name_key` is the comparison key. */
export interface AvoidedCompaniesTable {
  client_id: string;
  name: string;
  name_key: string;
  created_at: string;
}

/** A week's summary claimed for a client; the primary key (user_id, week) allows one claim. */
export interface WeeklySummaryClaimsTable {
  user_id: string;
  week: string;
  claimed_at: string;
  outbox_id: string | null;
}

export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  staff_mfa: StaffMfaTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  onboarding_submissions: OnboardingSubmissionsTable;
  documents: DocumentsTable;
  storage_deletions: StorageDeletionsTable;
  onboarding_feedback: OnboardingFeedbackTable;
  pending_clients: PendingClientsTable;
  jobs: JobsTable;
  job_list_versions: JobListVersionsTable;
  job_search_filters: JobSearchFiltersTable;
  mail_outbox: MailOutboxTable;
  job_events: JobEventsTable;
  avoided_companies: AvoidedCompaniesTable;
  weekly_summary_claims: WeeklySummaryClaimsTable;
  activity_log: ActivityLogTable;
  client_board_stats: ClientBoardStatsTable;
}

export type { Generated };
