import { hash } from 'node:crypto';
import type { JobEvent } from '@app/domain/job-history';
import {
  type JobOutcome,
  latestOutcomeDay,
  OUTCOME_DATE_IN_FUTURE_MESSAGE,
  OUTCOME_NOT_APPLIED_MESSAGE,
} from '@app/domain/job-outcomes';
import { type ClientApproval, JOB_LIST_FIELDS, type Job, type JobListItem } from '@app/domain/jobs';
import {
  type BulkApprovalResult,
  CLIENT_NOTES_CHANGED_MESSAGE,
  type MyJobsQuery,
  type OutcomeBody,
  type StaffJob,
} from '@app/domain/jobs-api';
import type { AlsoInTransaction, Db } from '../../db/database.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { jobsRepo } from './repo.ts';

export const JOB_NOT_FOUND = 'Job not found';

/** Whatever the reason (no such job, or someone else's), the caller only learns it is not there. */
function found<T>(job: T | undefined): T {
  if (!job) throw NotFound(JOB_NOT_FOUND);
  return job;
}

/** Blank notes are no notes, so the screen offers "Add Notes" again. */
export function notesOrNull(notes: string | null): string | null {
  return notes?.trim() ? notes : null;
}

/** The outcome as stored: a cleared outcome has no date; a date may not lie ahead of anyone's today. */
function checkedOutcome(
  body: OutcomeBody,
  now: Date,
): { outcome: JobOutcome | null; outcome_date: string | null } {
  if (body.outcome === null) return { outcome: null, outcome_date: null };
  const date = body.outcome_date ?? null;
  if (date !== null && date > latestOutcomeDay(now)) {
    throw Invalid(OUTCOME_DATE_IN_FUTURE_MESSAGE);
  }
  return { outcome: body.outcome, outcome_date: date };
}

function outcomeResult(result: StaffJob | 'missing' | 'not_applied'): StaffJob {
  if (result === 'missing') throw NotFound(JOB_NOT_FOUND);
  if (result === 'not_applied') throw Conflict(OUTCOME_NOT_APPLIED_MESSAGE);
  return result;
}

/** A bulk change's answer: the ids asked for that were changed, and those the client does not have. */
export function bulkAnswer(ids: readonly string[], changed: Iterable<string>): BulkApprovalResult {
  const found = new Set(changed);
  return {
    updated_ids: ids.filter((id) => found.has(id)),
    not_found_job_ids: ids.filter((id) => !found.has(id)),
  };
}

/**
 * A client's jobs, by client id: the signed-in user's own id for client calls (never an e-mail),
 * any client's (a user or a pending client) for staff.
 */
export function jobsService(db: Db) {
  const repo = jobsRepo(db.kysely);

  return {
    /**
     * A weak validator for the client's list under this query: made from the version every write to
     * their jobs raises, so it costs one primary-key read and never the jobs.
     */
    async listEtag(clientId: string, query: MyJobsQuery): Promise<string> {
      const version = await repo.listVersion(clientId);
      const key = [
        clientId,
        version,
        // What a row carries: a list cached before that changed never revalidates.
        JOB_LIST_FIELDS.join(','),
        query.applied,
        query.approval,
        query.refreshed_from,
        query.refreshed_to,
      ];
      return `W/"${hash('sha1', key.join('|'), 'base64url')}"`;
    },

    async list(clientId: string, query: MyJobsQuery): Promise<JobListItem[]> {
      return repo.listForClient(clientId, {
        applied: query.applied === undefined ? undefined : query.applied === 'true',
        approval: query.approval,
        refreshedFrom: query.refreshed_from,
        refreshedTo: query.refreshed_to,
      });
    },

    async get(clientId: string, id: string): Promise<Job> {
      return found(await repo.findForClient(clientId, id));
    },

    async setApproval(
      clientId: string,
      id: string,
      approval: ClientApproval,
      also?: AlsoInTransaction<Job>,
    ): Promise<Job> {
      const job = await repo.updateForClient(clientId, id, { client_approval: approval }, also);
      // Never 'changed': no notes are expected.
      return found(job === 'changed' ? undefined : job);
    },

    /**
     * `before`: the notes as they were when the client began writing; when given and the notes are
     * no longer those, nothing is written (409). Left out, the notes are written as they are.
     */
    async setNotes(
      clientId: string,
      id: string,
      notes: string | null,
      before: string | null | undefined,
      also?: AlsoInTransaction<Job>,
    ): Promise<Job> {
      const expected = before === undefined ? undefined : { client_notes: notesOrNull(before) };
      const job = await repo.updateForClient(
        clientId,
        id,
        { client_notes: notesOrNull(notes) },
        also,
        expected,
      );
      if (job === 'changed') throw Conflict(CLIENT_NOTES_CHANGED_MESSAGE);
      return found(job);
    },

    /** Records what came of one of the client's applied jobs (or clears it, with `outcome: null`). */
    async setOutcome(
      clientId: string,
      id: string,
      body: OutcomeBody,
      now: Date,
      also?: AlsoInTransaction<Job>,
    ): Promise<Job> {
      // The client's answer carries their view of the job, not whose it is or when staff changed it.
      const {
        client_id: _client,
        created_at: _created,
        updated_at: _updated,
        ...job
      } = outcomeResult(await repo.setOutcome(clientId, id, checkedOutcome(body, now), 'client', also));
      return job;
    },

    /** A job's history, newest first. */
    async history(clientId: string, id: string): Promise<JobEvent[]> {
      return found(await repo.historyForClient(clientId, id));
    },

    /** `also` runs only when some of the jobs were the client's, with the answer given. */
    async setApprovalMany(
      clientId: string,
      ids: string[],
      approval: ClientApproval,
      also?: AlsoInTransaction<BulkApprovalResult>,
    ): Promise<BulkApprovalResult> {
      const unique = [...new Set(ids)];
      const answer = (changed: string[]) => bulkAnswer(unique, changed);
      return answer(
        await repo.setApprovalMany(
          clientId,
          unique,
          approval,
          also && ((trx, changed) => also(trx, answer(changed))),
        ),
      );
    },

    // ---- staff ----------------------------------------------------------------------------------

    /** Every job of the client with its history (the data export): never a 404 for a job deleted meanwhile. */
    listWithHistory(clientId: string) {
      return repo.listWithHistory(clientId);
    },

    async setOutcomeForStaff(
      id: string,
      body: OutcomeBody,
      now: Date,
      also?: AlsoInTransaction<StaffJob>,
    ): Promise<StaffJob> {
      return outcomeResult(await repo.setOutcome(null, id, checkedOutcome(body, now), 'team', also));
    },
  };
}

export type JobsService = ReturnType<typeof jobsService>;
