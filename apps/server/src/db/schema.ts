import type { Generated } from 'kysely';

/**
 * Table shapes shared by SQLite and PostgreSQL. Timestamps are ISO-8601 UTC text and booleans come
 * back as 0/1 from SQLite, so repositories read them through `toBool`.
 */
export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
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
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}

export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}

export type { Generated };
