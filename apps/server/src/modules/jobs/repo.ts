import { randomUUID } from 'node:crypto';
import type { JobEvent, JobEventActor } from '@app/domain/job-history';
import type { JobOutcome } from '@app/domain/job-outcomes';
import {
  type ClientApproval,
  decisionOf,
  JOB_FLAGS,
  JOB_LIST_FIELDS,
  JOB_TEXT_FIELDS,
  type Job,
  type JobListItem,
} from '@app/domain/jobs';
import { notesChangedMeanwhile, type StaffJob } from '@app/domain/jobs-api';
import type { ImportedJob } from '@app/domain/jobs-import';
import type { Kysely } from 'kysely';
import {
  type AlsoInTransaction,
  nowIso,
  onPostgres,
  requireClientStillThere,
  toBool,
} from '../../db/database.ts';
import { bumpListVersion } from '../../db/job-list-versions.ts';
import type { Database } from '../../db/schema.ts';
import {
  appendJobEvents,
  listClientJobEvents,
  listJobEvents,
  type NewJobEvent,
  NO_OUTCOME,
} from './events.ts';

export interface ListFilters {
  applied?: boolean;
  approval?: 'rejected' | 'not_rejected';
  /** Inclusive calendar days, YYYY-MM-DD. */
  refreshedFrom?: string;
  refreshedTo?: string;
}

type Jobs = Kysely<Database>;

/** Everything the client sees of a job. */
const JOB_COLUMNS = [
  'id',
  'job_uid',
  'refresh_date',
  'client_approval',
  'client_notes',
  'analyst_notes',
  'applied_for_job',
  'data_posted',
  'data_num_applicants',
  'max_salary',
  'outcome',
  'outcome_date',
  ...JOB_TEXT_FIELDS,
  ...JOB_FLAGS,
] as const;
const STAFF_COLUMNS = [...JOB_COLUMNS, 'client_id', 'created_at', 'updated_at'] as const;

/**
 * Rows come back with 0/1 for booleans from SQLite; the API answers true/false. Rows are fresh
 * objects from the driver, so they are fixed in place rather than copied (lists can be long).
 */
export function fromListRow<T>(row: Record<string, unknown>): T {
  row.applied_for_job = toBool(row.applied_for_job);
  row.client_approval = decisionOf(row as { client_approval: string });
  return row as T;
}

function fromRow<T>(row: Record<string, unknown>): T {
  for (const flag of JOB_FLAGS) row[flag] = toBool(row[flag]);
  return fromListRow<T>(row);
}

function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Runs a client's write to their own jobs and raises their list version with it, atomically; `also`
 * (the activity line, say) joins the same transaction when the write found something to change.
 * It takes the client's row first, as their erasure does (decision 037): a write under way when the
 * erasure starts lands before it, so the erasure deletes its history line too, and one that starts
 * during the erasure finds the client gone and writes nothing.
 */
function writeClientJobs<T>(
  db: Jobs,
  clientId: string,
  write: (trx: Jobs) => Promise<T | undefined>,
  also?: AlsoInTransaction<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    await requireClientStillThere(trx, clientId);
    const result = await write(trx);
    if (result !== undefined) {
      await bumpListVersion(trx, clientId);
      await also?.(trx, result);
    }
    return result;
  });
}

export function jobsRepo(db: Jobs) {
  return {
    /** 0 until the first write to the client's jobs; then raised by every write. One primary-key read. */
    async listVersion(clientId: string): Promise<number> {
      const row = await db
        .selectFrom('job_list_versions')
        .select('version')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row?.version ?? 0;
    },

    async listForClient(clientId: string, filters: ListFilters): Promise<JobListItem[]> {
      let query = db.selectFrom('jobs').select(JOB_LIST_FIELDS).where('client_id', '=', clientId);
      if (filters.applied !== undefined) query = query.where('applied_for_job', '=', filters.applied);
      if (filters.approval === 'rejected') query = query.where('client_approval', '=', 'rejected');
      if (filters.approval === 'not_rejected') query = query.where('client_approval', '<>', 'rejected');
      // Jobs without a refresh date pass date filters, as on the screen.
      const { refreshedFrom, refreshedTo } = filters;
      if (refreshedFrom) {
        query = query.where((eb) =>
          eb.or([eb('refresh_date', 'is', null), eb('refresh_date', '>=', refreshedFrom)]),
        );
      }
      if (refreshedTo) {
        const before = dayAfter(refreshedTo);
        query = query.where((eb) => eb.or([eb('refresh_date', 'is', null), eb('refresh_date', '<', before)]));
      }
      const rows = await query
        .orderBy('refresh_date', (ob) => ob.desc().nullsLast())
        .orderBy('data_posted', (ob) => ob.desc().nullsLast())
        .orderBy('id')
        .execute();
      return rows.map((row) => fromListRow<JobListItem>(row));
    },

    async findForClient(clientId: string, id: string): Promise<Job | undefined> {
      const row = await db
        .selectFrom('jobs')
        .select(JOB_COLUMNS)
        .where('id', '=', id)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row && fromRow<Job>(row);
    },

    /**
     * Changes the client's own fields of one of their jobs, with a history entry for each field that
     * really changed; undefined when they have no such job, 'changed' (nothing written) when its
     * notes are no longer `expected`.
     */
    async updateForClient(
      clientId: string,
      id: string,
      fields: { client_approval?: ClientApproval; client_notes?: string | null },
      also?: AlsoInTransaction<Job>,
      expected?: { client_notes: string | null },
    ): Promise<Job | undefined | 'changed'> {
      let changed = false;
      const job = await writeClientJobs(
        db,
        clientId,
        async (trx) => {
          // Locked until the write: staff deleting the job meanwhile would leave its history line
          // without it. (SQLite runs one write at a time.)
          const before = await trx
            .selectFrom('jobs')
            .select(['client_approval', 'client_notes'])
            .where('id', '=', id)
            .where('client_id', '=', clientId)
            .$if(onPostgres(trx), (query) => query.forUpdate())
            .executeTakeFirst();
          if (!before) return undefined;
          // Read under the same lock as the write: notes saved elsewhere cannot slip in between.
          if (
            expected &&
            notesChangedMeanwhile(before.client_notes ?? null, expected.client_notes, fields.client_notes)
          ) {
            changed = true;
            return undefined;
          }
          const events: NewJobEvent[] = [];
          const event = { jobId: id, clientId, actor: 'client' } as const;
          const approval = fields.client_approval;
          if (approval !== undefined && approval !== decisionOf(before)) {
            events.push({ ...event, kind: 'decision', detail: { client_approval: approval } });
          }
          const notes = fields.client_notes;
          if (notes !== undefined && notes !== before.client_notes) {
            events.push({ ...event, kind: 'notes', detail: { cleared: notes === null } });
          }
          const now = new Date();
          await appendJobEvents(trx, events, now);
          const row = await trx
            .updateTable('jobs')
            .set({ ...fields, updated_at: now.toISOString() })
            .where('id', '=', id)
            .where('client_id', '=', clientId)
            .returning(JOB_COLUMNS)
            .executeTakeFirst();
          return row && fromRow<Job>(row);
        },
        also,
      );
      return changed ? 'changed' : job;
    },

    /**
     * Records what came of an applied job (the client's own, or any job for staff, when `clientId`
     * is null), with a history entry. 'missing' when there is no such job (of theirs), 'not_applied'
     * when it was never applied to.
     */
    async setOutcome(
      clientId: string | null,
      id: string,
      outcome: { outcome: JobOutcome | null; outcome_date: string | null },
      actor: JobEventActor,
      also?: AlsoInTransaction<StaffJob>,
    ): Promise<StaffJob | 'missing' | 'not_applied'> {
      return db.transaction().execute(async (trx) => {
        const owner =
          clientId ??
          (await trx.selectFrom('jobs').select('client_id').where('id', '=', id).executeTakeFirst())
            ?.client_id;
        if (owner === undefined) return 'missing' as const;
        // The client's row first, as every write for a client and their erasure take it (decision 037).
        await requireClientStillThere(trx, owner);
        // Locked until the write: staff marking the job not applied, or deleting it, meanwhile would
        // leave an outcome on a job nobody applied to, or a history line without its job.
        const job = await trx
          .selectFrom('jobs')
          .select(['client_id', 'applied_for_job'])
          .where('id', '=', id)
          .where('client_id', '=', owner)
          .$if(onPostgres(trx), (locked) => locked.forUpdate())
          .executeTakeFirst();
        if (!job) return 'missing' as const;
        if (!toBool(job.applied_for_job)) return 'not_applied' as const;
        const now = new Date();
        await appendJobEvents(
          trx,
          [{ jobId: id, clientId: job.client_id, actor, kind: 'outcome', detail: outcome }],
          now,
        );
        const row = await trx
          .updateTable('jobs')
          .set({ ...outcome, updated_at: now.toISOString() })
          .where('id', '=', id)
          .returning(STAFF_COLUMNS)
          .executeTakeFirstOrThrow();
        await bumpListVersion(trx, job.client_id);
        const changed = fromRow<StaffJob>(row);
        await also?.(trx, changed);
        return changed;
      });
    },

    /** A job's history, newest first; undefined when the client has no such job. */
    async historyForClient(clientId: string, id: string): Promise<JobEvent[] | undefined> {
      const job = await db
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', id)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return job && listJobEvents(db, id);
    },

    /** Sets the decision on those of the ids the client has; answers the ids it changed. */
    async setApprovalMany(
      clientId: string,
      ids: string[],
      approval: ClientApproval,
      also?: AlsoInTransaction<string[]>,
    ): Promise<string[]> {
      const changed = await writeClientJobs(
        db,
        clientId,
        async (trx) => {
          const owned = await trx
            .selectFrom('jobs')
            .select(['id', 'client_approval'])
            .where('id', 'in', ids)
            .where('client_id', '=', clientId)
            .execute();
          if (owned.length === 0) return undefined;
          const now = new Date();
          const changing = owned.filter((job) => decisionOf(job) !== approval);
          await appendJobEvents(
            trx,
            changing.map((job) => ({
              jobId: job.id,
              clientId,
              actor: 'client',
              kind: 'decision',
              detail: { client_approval: approval },
            })),
            now,
          );
          await trx
            .updateTable('jobs')
            .set({ client_approval: approval, updated_at: now.toISOString() })
            .where(
              'id',
              'in',
              owned.map((job) => job.id),
            )
            .execute();
          return owned.map((job) => job.id);
        },
        also,
      );
      return changed ?? [];
    },

    // ---- staff ----------------------------------------------------------------------------------

    /**
     * Every job of the client with its history, newest event first, in two reads however many jobs
     * there are (the data export). A job deleted between them keeps an empty history; events of a
     * job added meanwhile are left out with it.
     */
    async listWithHistory(clientId: string): Promise<Array<StaffJob & { history: JobEvent[] }>> {
      const rows = await db
        .selectFrom('jobs')
        .select(STAFF_COLUMNS)
        .where('client_id', '=', clientId)
        .orderBy('refresh_date', (ob) => ob.desc().nullsLast())
        .orderBy('data_posted', (ob) => ob.desc().nullsLast())
        .orderBy('id')
        .execute();
      const histories = new Map<string, JobEvent[]>();
      for (const { job_id: jobId, ...event } of await listClientJobEvents(db, clientId)) {
        const history = histories.get(jobId) ?? [];
        history.push(event);
        histories.set(jobId, history);
      }
      return rows.map((row) => ({ ...fromRow<StaffJob>(row), history: histories.get(row.id) ?? [] }));
    },

    /** What duplicate detection reads of each of the client's jobs (see DuplicateIndex). */
    async importCandidates(clientId: string) {
      const rows = await db
        .selectFrom('jobs')
        .select([
          'id',
          'job_uid',
          'applied_for_job',
          'outcome',
          'data_external_application_link',
          'url',
          'data_job_title',
          'data_company',
          'refresh_date',
          'data_posted',
          'created_at',
        ])
        .where('client_id', '=', clientId)
        .execute();
      return rows.map((row) => ({ ...row, applied_for_job: toBool(row.applied_for_job) }));
    },

    /**
     * Keeps `applied_at` (when the team applied; the weekly summary and the board read it) and the
     * outcome in step with `applied_for_job` after an import: `applied_at` set when it became true;
     * both cleared when false, as only an applied job has an outcome (decision 036). Runs in the
     * caller's transaction.
     */
    async stampApplied(clientId: string, at: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ applied_at: at })
        .where('client_id', '=', clientId)
        .where('applied_for_job', '=', true)
        .where('applied_at', 'is', null)
        .execute();
      await db
        .updateTable('jobs')
        .set({ applied_at: null, ...NO_OUTCOME })
        .where('client_id', '=', clientId)
        .where('applied_for_job', '=', false)
        .where((eb) =>
          eb.or([
            eb('applied_at', 'is not', null),
            eb('outcome', 'is not', null),
            eb('outcome_date', 'is not', null),
          ]),
        )
        .execute();
    },

    /** Writes an imported row's fields over a job it repeats (by id); runs in the caller's transaction. */
    async updateImported(id: string, fields: Omit<ImportedJob, 'job_uid'>): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ ...fields, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Inserts the jobs (with the id given, else a new one), or updates the staff fields of jobs the
     * client already has (same job_uid). Only the fields present in the file are written on update;
     * client decisions and notes stay. Runs inside the caller's transaction.
     */
    async upsertImported(clientId: string, jobs: (ImportedJob & { id?: string })[]): Promise<void> {
      const now = nowIso();
      for (const group of groupBySameFields(jobs)) {
        const fields = Object.keys(group[0]!).filter(
          (field) => field !== 'job_uid' && field !== 'id',
        ) as (keyof ImportedJob)[];
        // Batches stay well under both databases' limits on bound parameters.
        for (let start = 0; start < group.length; start += 200) {
          const values = group.slice(start, start + 200).map((job) => ({
            ...job,
            id: job.id ?? randomUUID(),
            client_id: clientId,
            created_at: now,
            updated_at: now,
          }));
          await db
            .insertInto('jobs')
            .values(values)
            .onConflict((oc) =>
              oc.columns(['client_id', 'job_uid']).doUpdateSet((eb) => ({
                ...Object.fromEntries(fields.map((field) => [field, eb.ref(`excluded.${field}`)])),
                updated_at: now,
              })),
            )
            .execute();
        }
      }
      await bumpListVersion(db, clientId);
    },
  };
}

/** JSON rows may name different fields; rows naming the same ones are written together. */
function groupBySameFields<T extends object>(jobs: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const job of jobs) {
    const key = Object.keys(job).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(job);
    else groups.set(key, [job]);
  }
  return [...groups.values()];
}
