import { randomUUID } from 'node:crypto';
import type { JobEvent, JobEventActor, JobEventChange } from '@app/domain/job-history';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One entry of a job's history, as a write to the job appends it. */
export type NewJobEvent = JobEventChange & { jobId: string; clientId: string; actor: JobEventActor };

/** A job without an outcome: its columns, and the detail of the history line that clears one. */
export const NO_OUTCOME = { outcome: null, outcome_date: null } as const;

/**
 * The history of the team marking a job applied or not. Only an applied job has an outcome
 * (decision 036), so marking one not applied clears the outcome it had, and its history says so as
 * it says when anyone clears an outcome.
 */
export function appliedByTeamEvents(
  job: { jobId: string; clientId: string; hadOutcome: boolean },
  applied: boolean,
): NewJobEvent[] {
  const { jobId, clientId } = job;
  const events: NewJobEvent[] = [{ jobId, clientId, actor: 'team', kind: 'applied', detail: { applied } }];
  if (!applied && job.hadOutcome) {
    events.push({ jobId, clientId, actor: 'team', kind: 'outcome', detail: { ...NO_OUTCOME } });
  }
  return events;
}

/**
 * Appends history entries in the caller's transaction, so a job never changes without its line and
 * a line never stands for a change that was rolled back. Entries are never updated (a claim only
 * moves them from a pending client's id to the user's).
 */
export async function appendJobEvents(db: Kysely<Database>, events: NewJobEvent[], at: Date): Promise<void> {
  // Several entries for one job in one write (assigned, then applied) are a millisecond apart, so
  // newest first reads them in the order they happened.
  const perJob = new Map<string, number>();
  const stamped = events.map((event) => {
    const index = perJob.get(event.jobId) ?? 0;
    perJob.set(event.jobId, index + 1);
    return { event, at: new Date(at.getTime() + index).toISOString() };
  });
  for (let start = 0; start < stamped.length; start += 500) {
    const values = stamped.slice(start, start + 500).map(({ event, at }) => ({
      id: randomUUID(),
      job_id: event.jobId,
      client_id: event.clientId,
      at,
      actor: event.actor,
      kind: event.kind,
      detail: JSON.stringify(event.detail),
    }));
    await db.insertInto('job_events').values(values).execute();
  }
}

/** A job's history, newest first (entries written together keep the order they were written in). */
export async function listJobEvents(db: Kysely<Database>, jobId: string): Promise<JobEvent[]> {
  const rows = await db
    .selectFrom('job_events')
    .select(['id', 'at', 'actor', 'kind', 'detail'])
    .where('job_id', '=', jobId)
    .orderBy('at', 'desc')
    .execute();
  return rows.map(toJobEvent);
}

/** The histories of every job the client has, each newest first, marked with their job. */
export async function listClientJobEvents(
  db: Kysely<Database>,
  clientId: string,
): Promise<Array<JobEvent & { job_id: string }>> {
  const rows = await db
    .selectFrom('job_events')
    .select(['job_id', 'id', 'at', 'actor', 'kind', 'detail'])
    .where('client_id', '=', clientId)
    .orderBy('at', 'desc')
    .execute();
  return rows.map(toJobEvent);
}

/** A history row as its event, with the row's other columns: the table keeps the detail as JSON text. */
function toJobEvent<Row extends { id: string; at: string; actor: string; kind: string; detail: string }>(
  row: Row,
): Omit<Row, 'detail'> & JobEvent {
  return { ...row, detail: JSON.parse(row.detail) } as Omit<Row, 'detail'> & JobEvent;
}
