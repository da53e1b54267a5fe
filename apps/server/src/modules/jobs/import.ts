import { randomUUID } from 'node:crypto';
import { CLIENT_ID_NOT_FOUND_MESSAGE, type ClientMatch, type ClientRef } from '@app/domain/clients-api';
import { avoidedCompanyMessage, isAvoidedCompany } from '@app/domain/companies-to-avoid';
import type { ImportFormat } from '@app/domain/import-format';
import { applyLink, calendarDay, type Job } from '@app/domain/jobs';
import { NAME_ONE_CLIENT_MESSAGE } from '@app/domain/jobs-api';
import {
  type DuplicateCandidate,
  DuplicateIndex,
  describeImportSummary,
  type ImportError,
  type ImportedJob,
  parseJobsFile,
} from '@app/domain/jobs-import';
import { type AlsoInTransaction, type Db, requireClientStillThere } from '../../db/database.ts';
import { lockClientJobs } from '../../db/job-list-versions.ts';
import { BadRequest, Invalid, NotFound } from '../../errors.ts';
import type { ClientsService } from '../clients/service.ts';
import { avoidedKeysHeld } from '../companies-to-avoid/service.ts';
import { appendJobEvents, appliedByTeamEvents, type NewJobEvent } from './events.ts';
import { jobsRepo } from './repo.ts';

/** The client is named by `client_id`, else by `email` (see ClientsService.findOrInviteByEmail). */
export interface ImportRequest {
  client_id?: string | undefined;
  email?: string | undefined;
  format: ImportFormat;
  content: string;
}

export interface ImportSummary {
  /** New jobs added. */
  imported: number;
  /** Jobs the client had with the same job_uid, updated. */
  updated: number;
  /** Rows that repeated a job (same apply link, or title and company within 30 days) and updated it. */
  merged: number;
  /** Rows not added because the client asked never to be put forward to that company. */
  refused: ImportError[];
  client: ClientRef;
  matched: ClientMatch;
}

function problemsMessage(listed: ImportError[], count: number): string {
  const problems = count === 1 ? '1 problem' : `${count} problems`;
  const listing = count > listed.length ? ` The first ${listed.length} are listed.` : '';
  return `Nothing was imported: the file has ${problems}.${listing}`;
}

/** A job the client has, as the import found it. */
type ExistingTarget = {
  kind: 'existing';
  id: string;
  applied: boolean;
  hadOutcome: boolean;
  company: string | null;
};

/** A job a row can repeat: one the client has, or a new one from an earlier row of the file. */
type Target = ExistingTarget | { kind: 'new'; job: ImportedJob & { id: string } };

function duplicateCandidate(
  job: Partial<Pick<Job, 'data_external_application_link' | 'url' | 'data_job_title' | 'data_company'>> & {
    job_uid: string;
    refresh_date?: string | null;
    data_posted?: string | null;
  },
  fallbackDay: string,
): DuplicateCandidate {
  return {
    job_uid: job.job_uid,
    link: applyLink(job),
    title: job.data_job_title ?? null,
    company: job.data_company ?? null,
    day: calendarDay(job.refresh_date) ?? calendarDay(job.data_posted) ?? fallbackDay,
  };
}

/**
 * Puts a file of jobs in front of a client (the API and `npm run jobs:import` both come here).
 * Every row is checked first, before any client is looked up or invited; then the client is found
 * (or invited) and the whole file written in one transaction (with `also`, the activity line), so
 * it lands whole or not at all, and an invitation only with it. A
 * row that repeats a job the client has (DuplicateIndex: same job_uid, apply link, or title and
 * company within 30 days) updates that job's staff fields instead of adding another; a row at a
 * company on the client's list to avoid is refused, alone, with its own message. Each new job's
 * history starts with 'assigned'. Throws 422 `Invalid` with `errors: [{ row, field, message }]`
 * when any row is wrong, and 404 for an unknown client id or a client erased while the import ran.
 */
export async function importJobs(
  db: Db,
  clients: ClientsService,
  request: ImportRequest,
  now: Date = new Date(),
  also?: AlsoInTransaction<ImportSummary>,
): Promise<ImportSummary> {
  const parsed = parseJobsFile(request.content, request.format);
  if (!parsed.ok) {
    throw Invalid(problemsMessage(parsed.errors, parsed.errorCount), { errors: parsed.errors });
  }
  const today = now.toISOString().slice(0, 10);
  return db.kysely.transaction().execute(async (trx) => {
    // Inside the transaction: a client invited for this file is not left behind without it.
    const { client, matched } = await resolveClient(clients.within(trx), request);
    // Jobs and their history have no foreign key to the client: one whose account is being erased
    // gets none (404). The client's row first, as the erasure takes it, then the jobs' turn.
    await requireClientStillThere(trx, client.id);
    await lockClientJobs(trx, client.id);
    // Held until the import lands, as marking a job applied holds it: a company the client adds
    // meanwhile is either read here or added once the jobs are stored, never in between.
    const avoided = await avoidedKeysHeld(trx, client.id);
    const repo = jobsRepo(trx);
    const index = new DuplicateIndex<Target>();
    for (const job of await repo.importCandidates(client.id)) {
      const target: Target = {
        kind: 'existing',
        id: job.id,
        applied: job.applied_for_job,
        hadOutcome: job.outcome !== null,
        company: job.data_company,
      };
      index.add(duplicateCandidate(job, job.created_at.slice(0, 10)), target);
    }
    const added: (ImportedJob & { id: string })[] = [];
    const sameUid: ImportedJob[] = [];
    const repeats: { id: string; job: Omit<ImportedJob, 'job_uid'> }[] = [];
    const refused: ImportError[] = [];
    const events: NewJobEvent[] = [];
    /** What the file leaves applied_for_job at, for each job the client has that a row sets it on. */
    const appliedByFile = new Map<ExistingTarget, boolean>();
    const applied = (jobId: string, value: boolean, hadOutcome: boolean) =>
      events.push(...appliedByTeamEvents({ jobId, clientId: client.id, hadOutcome }, value));

    parsed.jobs.forEach((job, position) => {
      const candidate = duplicateCandidate(job, today);
      const match = index.find(candidate);
      const target = match?.job;
      const company =
        job.data_company !== undefined
          ? job.data_company
          : target?.kind === 'existing'
            ? target.company
            : (target?.job.data_company ?? null);
      if (company && isAvoidedCompany(company, avoided)) {
        refused.push({ row: position + 1, field: 'data_company', message: avoidedCompanyMessage([company]) });
        return;
      }
      if (!target) {
        const id = randomUUID();
        added.push({ ...job, id });
        index.add(candidate, { kind: 'new', job: added[added.length - 1]! });
        events.push({ jobId: id, clientId: client.id, actor: 'team', kind: 'assigned', detail: {} });
        return;
      }
      const { job_uid: _uid, ...fields } = job;
      if (target.kind === 'new') {
        // A repeat within the file: the later row's values win, as they would on a second import.
        Object.assign(target.job, fields);
        return;
      }
      if (match.by === 'job_uid') sameUid.push(job);
      else repeats.push({ id: target.id, job: fields });
      // The job's job_uid row (one at most) is written before the other rows that repeat the job,
      // so a job_uid row after them does not undo what they set.
      if (job.applied_for_job !== undefined && !(match.by === 'job_uid' && appliedByFile.has(target))) {
        appliedByFile.set(target, job.applied_for_job);
      }
    });
    // As for a new job, the history says what the whole file changed: a job the file marks not
    // applied loses its outcome (stampApplied clears it) and says so when it had one.
    for (const [target, value] of appliedByFile) {
      if (value !== target.applied) applied(target.id, value, target.hadOutcome);
    }
    // A new job applied to already (by its row or a later repeat of it) says so after 'assigned'.
    for (const job of added) if (job.applied_for_job) applied(job.id, true, false);

    await repo.upsertImported(client.id, [...added, ...sameUid]);
    for (const repeat of repeats) await repo.updateImported(repeat.id, repeat.job);
    // Also clears the outcome of each job the file marked not applied.
    await repo.stampApplied(client.id, now.toISOString());
    await appendJobEvents(trx, events, now);
    const summary: ImportSummary = {
      imported: added.length,
      updated: sameUid.length,
      merged: parsed.jobs.length - added.length - sameUid.length - refused.length,
      refused,
      client,
      matched,
    };
    await also?.(trx, summary);
    return summary;
  });
}

async function resolveClient(
  clients: ReturnType<ClientsService['within']>,
  request: ImportRequest,
): Promise<{ client: ClientRef; matched: ClientMatch }> {
  if (request.client_id === undefined) {
    if (request.email === undefined) throw BadRequest(`Invalid request: ${NAME_ONE_CLIENT_MESSAGE}`);
    return clients.findOrInviteByEmail(request.email);
  }
  const client = await clients.findById(request.client_id);
  if (!client) throw NotFound(CLIENT_ID_NOT_FOUND_MESSAGE);
  return { client, matched: 'client_id' };
}

/** The activity line of an import, by staff through the API or by a program (the CLI). */
export function importActivity(summary: ImportSummary, format: ImportFormat) {
  return {
    clientId: summary.client.id,
    action: 'jobs.imported' as const,
    detail: {
      imported: summary.imported,
      updated: summary.updated,
      merged: summary.merged,
      refused: summary.refused.length,
      format,
      summary: describeImportSummary(summary),
    },
  };
}
