import { isAvoidedCompany } from '@app/domain/companies-to-avoid';
import { JOB_LIST_FIELDS, type JobListItem } from '@app/domain/jobs';
import { notesChangedMeanwhile } from '@app/domain/jobs-api';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { type AlsoInTransaction, onPostgres, requireClientStillThere, toBool } from '../../db/database.ts';
import { bumpListVersion } from '../../db/job-list-versions.ts';
import type { Database } from '../../db/schema.ts';
import { avoidedKeysHeld } from '../companies-to-avoid/service.ts';
import { appendJobEvents, appliedByTeamEvents, NO_OUTCOME } from './events.ts';
import { fromListRow } from './repo.ts';

type Jobs = Kysely<Database>;

/** What the activity log names a job by. */
export interface JobName {
  id: string;
  data_job_title: string | null;
  data_company: string | null;
}

/** The jobs a change of applied found among the client's, and which of them it changed. */
export interface AppliedJobs {
  found: JobName[];
  /** Ids of the found jobs whose applied flag was not yet what was asked. */
  changed: string[];
}

/**
 * A change refused because it would mark applied jobs at companies on the client's list (decision
 * 037): the companies as those jobs name them, in the order the jobs were asked for. Nothing is
 * written then.
 */
export interface AvoidedRefusal {
  refused: string[];
}

/**
 * The client's companies to avoid when jobs are to be marked applied (none to check when they are
 * marked not applied, which is always allowed). Taken first in the transaction, before any job row:
 * the client's list stays held until it ends (avoidedKeysHeld), so a company added meanwhile is
 * either read here or added once this change is stored, never in between.
 */
function avoidedWhenApplying(trx: Jobs, clientId: string, applied: boolean): Promise<ReadonlySet<string>> {
  return applied ? avoidedKeysHeld(trx, clientId) : Promise.resolve(new Set());
}

/**
 * What marking a job applied (or not) writes besides the flag: a job keeps the moment it became
 * applied (the board counts recent applications); not applied clears it, and the outcome, which
 * only an applied job has.
 */
function appliedColumns(eb: ExpressionBuilder<Database, 'jobs'>, applied: boolean, now: string) {
  if (!applied) return { applied_at: null, ...NO_OUTCOME };
  return {
    applied_at: eb.case().when('applied_for_job', '=', true).then(eb.ref('applied_at')).else(now).end(),
  };
}

/**
 * Staff writes to one client's jobs (the recruiter's job table). Every write names the client and
 * touches only that client's jobs; it raises their list version and appends the jobs' history in the
 * same transaction (and `also`, the activity line), so the client's list and the job's story never
 * miss a change. Each takes the client's row first (requireClientStillThere), as an erasure does:
 * the two run one after the other, so a write never appends history the erasure has already swept,
 * and one that waited for an erasure answers 404, gone meanwhile.
 */
export function staffJobsRepo(db: Jobs) {
  /**
   * Applied or not on those of the ids the client has; the history and the answer say which ones
   * changed. Refused, with nothing written, when a job it would mark applied is at a company in
   * `avoided`; a job applied already stays as it is, wherever it is.
   */
  async function setApplied(
    trx: Jobs,
    clientId: string,
    ids: string[],
    applied: boolean,
    avoided: ReadonlySet<string>,
    now: Date,
  ): Promise<AppliedJobs | AvoidedRefusal> {
    const before = await trx
      .selectFrom('jobs')
      .select(['id', 'applied_for_job', 'outcome', 'data_job_title', 'data_company'])
      .where('client_id', '=', clientId)
      .where('id', 'in', ids)
      .execute();
    const changing = before.filter((job) => toBool(job.applied_for_job) !== applied);
    const position = new Map(ids.map((id, index) => [id, index]));
    const refused = changing
      .filter((job) => applied && isAvoidedCompany(job.data_company, avoided))
      .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    if (refused.length > 0) return { refused: refused.map((job) => job.data_company ?? '') };
    await appendJobEvents(
      trx,
      changing.flatMap((job) =>
        appliedByTeamEvents({ jobId: job.id, clientId, hadOutcome: job.outcome !== null }, applied),
      ),
      now,
    );
    return {
      found: before.map(({ id, data_job_title, data_company }) => ({ id, data_job_title, data_company })),
      changed: changing.map((job) => job.id),
    };
  }

  return {
    /**
     * Applied and analyst notes of one of the client's jobs; 'not-found' when they have no such job,
     * 'changed' when its notes are no longer `expected`, refused when it would mark applied a job at
     * a company the client avoids (nothing is written then).
     */
    update(
      clientId: string,
      id: string,
      patch: { applied_for_job?: boolean; analyst_notes?: string | null },
      expected: { analyst_notes: string | null } | undefined,
      also?: AlsoInTransaction<JobListItem>,
    ): Promise<JobListItem | 'not-found' | 'changed' | AvoidedRefusal> {
      return db.transaction().execute(async (trx) => {
        await requireClientStillThere(trx, clientId);
        const now = new Date();
        const stamp = now.toISOString();
        // Before the notes' row lock: two writes for a pending client share its row (held for share),
        // and a bulk change of the other holding the list may be waiting for that job's row.
        const avoided = await avoidedWhenApplying(trx, clientId, patch.applied_for_job === true);
        if (expected) {
          const current = await trx
            .selectFrom('jobs')
            .select('analyst_notes')
            .where('id', '=', id)
            .where('client_id', '=', clientId)
            .$if(onPostgres(trx), (query) => query.forUpdate())
            .executeTakeFirst();
          if (!current) return 'not-found';
          if (
            notesChangedMeanwhile(current.analyst_notes ?? null, expected.analyst_notes, patch.analyst_notes)
          ) {
            return 'changed';
          }
        }
        if (patch.applied_for_job !== undefined) {
          const marked = await setApplied(trx, clientId, [id], patch.applied_for_job, avoided, now);
          if ('refused' in marked) return marked;
          if (marked.found.length === 0) return 'not-found';
        }
        const row = await trx
          .updateTable('jobs')
          .set((eb) => ({
            ...patch,
            ...(patch.applied_for_job === undefined ? {} : appliedColumns(eb, patch.applied_for_job, stamp)),
            updated_at: stamp,
          }))
          .where('id', '=', id)
          .where('client_id', '=', clientId)
          .returning(JOB_LIST_FIELDS)
          .executeTakeFirst();
        if (!row) return 'not-found';
        await bumpListVersion(trx, clientId);
        const job = fromListRow<JobListItem>(row);
        await also?.(trx, job);
        return job;
      });
    },

    /**
     * Marks those of the ids the client has applied (or not); answers the jobs it found and which of
     * them changed, or refuses the whole change (nothing written) when it would mark applied any job
     * at a company the client avoids.
     */
    setAppliedMany(
      clientId: string,
      ids: string[],
      applied: boolean,
      also?: AlsoInTransaction<AppliedJobs>,
    ): Promise<AppliedJobs | AvoidedRefusal> {
      return db.transaction().execute(async (trx) => {
        await requireClientStillThere(trx, clientId);
        const now = new Date();
        const stamp = now.toISOString();
        const avoided = await avoidedWhenApplying(trx, clientId, applied);
        const marked = await setApplied(trx, clientId, ids, applied, avoided, now);
        if ('refused' in marked || marked.found.length === 0) return marked;
        await trx
          .updateTable('jobs')
          .set((eb) => ({
            applied_for_job: applied,
            ...appliedColumns(eb, applied, stamp),
            updated_at: stamp,
          }))
          .where('client_id', '=', clientId)
          .where(
            'id',
            'in',
            marked.found.map((job) => job.id),
          )
          .execute();
        await bumpListVersion(trx, clientId);
        await also?.(trx, marked);
        return marked;
      });
    },

    /** Takes a job (and its history) back from the client; undefined when they had no such job. */
    remove(clientId: string, id: string, also?: AlsoInTransaction<JobName>): Promise<JobName | undefined> {
      return db.transaction().execute(async (trx) => {
        await requireClientStillThere(trx, clientId);
        // The history goes with the job: it tells the story of a job the client no longer has.
        await trx
          .deleteFrom('job_events')
          .where('job_id', '=', id)
          .where('client_id', '=', clientId)
          .execute();
        const removed = await trx
          .deleteFrom('jobs')
          .where('id', '=', id)
          .where('client_id', '=', clientId)
          .returning(['id', 'data_job_title', 'data_company'])
          .executeTakeFirst();
        if (!removed) return undefined;
        await bumpListVersion(trx, clientId);
        await also?.(trx, removed);
        return removed;
      });
    },
  };
}
