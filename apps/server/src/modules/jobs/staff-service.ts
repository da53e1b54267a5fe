import { CLIENT_ID_NOT_FOUND_MESSAGE } from '@app/domain/clients-api';
import { avoidedCompanyMessage } from '@app/domain/companies-to-avoid';
import type { JobListItem } from '@app/domain/jobs';
import {
  ANALYST_NOTES_CHANGED_MESSAGE,
  type BulkAppliedResult,
  type StaffJobPatch,
} from '@app/domain/staff-jobs-api';
import type { AlsoInTransaction, Db } from '../../db/database.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { ClientsService } from '../clients/service.ts';
import { JOB_NOT_FOUND, notesOrNull } from './service.ts';
import { type AppliedJobs, type JobName, staffJobsRepo } from './staff-repo.ts';

/** A bulk change of applied as answered, with the jobs it found (in the order asked) for its activity line. */
export type BulkAppliedChange = BulkAppliedResult & { jobs: JobName[] };

/** Sorts every id asked (once each) into changed, already so and not the client's; `jobs` in the same order. */
function bulkAppliedAnswer(ids: readonly string[], { found, changed }: AppliedJobs): BulkAppliedChange {
  const byId = new Map(found.map((job) => [job.id, job]));
  const changedIds = new Set(changed);
  return {
    updated_ids: ids.filter((id) => changedIds.has(id)),
    unchanged_ids: ids.filter((id) => byId.has(id) && !changedIds.has(id)),
    not_found_job_ids: ids.filter((id) => !byId.has(id)),
    jobs: ids.flatMap((id) => byId.get(id) ?? []),
  };
}

/**
 * The recruiter's work on one client's jobs. The client comes first: an id that names nobody is
 * 404 'No client has that id'; a job id that is not that client's is 404 'Job not found', whoever's
 * it is. A job at a company on the client's list is never marked applied (decision 037): 409 with
 * the company named, and nothing changes; marking jobs not applied is always allowed.
 */
export function staffJobsService(db: Db, clients: ClientsService) {
  const repo = staffJobsRepo(db.kysely);

  async function requireClient(clientId: string): Promise<void> {
    if (!(await clients.findById(clientId))) throw NotFound(CLIENT_ID_NOT_FOUND_MESSAGE);
  }

  return {
    requireClient,

    async update(
      clientId: string,
      id: string,
      patch: StaffJobPatch,
      also?: AlsoInTransaction<JobListItem>,
    ): Promise<JobListItem> {
      await requireClient(clientId);
      const { analyst_notes_before: before, ...change } = patch;
      const fields =
        change.analyst_notes === undefined
          ? change
          : { ...change, analyst_notes: notesOrNull(change.analyst_notes) };
      const expected = before === undefined ? undefined : { analyst_notes: notesOrNull(before) };
      const outcome = await repo.update(clientId, id, fields, expected, also);
      if (outcome === 'not-found') throw NotFound(JOB_NOT_FOUND);
      if (outcome === 'changed') throw Conflict(ANALYST_NOTES_CHANGED_MESSAGE);
      if ('refused' in outcome) throw Conflict(avoidedCompanyMessage(outcome.refused, 'applied'));
      return outcome;
    },

    /**
     * Ids the client does not have come back as not found; the rest are marked, and the answer says
     * which of them changed (`updated_ids`) and which already were so (`unchanged_ids`). `also` runs
     * only when some were the client's, with the answer given. Marking applied jobs at companies the
     * client avoids refuses the whole change (409 naming those companies): the recruiter unselects
     * them and tries again, rather than reading which of the rest were marked.
     */
    async setAppliedMany(
      clientId: string,
      ids: string[],
      applied: boolean,
      also?: AlsoInTransaction<BulkAppliedChange>,
    ): Promise<BulkAppliedChange> {
      await requireClient(clientId);
      const unique = [...new Set(ids)];
      const marked = await repo.setAppliedMany(
        clientId,
        unique,
        applied,
        also && ((trx, jobs) => also(trx, bulkAppliedAnswer(unique, jobs))),
      );
      if ('refused' in marked)
        throw Conflict(
          avoidedCompanyMessage(marked.refused, unique.length === 1 ? 'applied' : 'applied-many'),
        );
      return bulkAppliedAnswer(unique, marked);
    },

    async remove(clientId: string, id: string, also?: AlsoInTransaction<JobName>): Promise<JobName> {
      await requireClient(clientId);
      const removed = await repo.remove(clientId, id, also);
      if (!removed) throw NotFound(JOB_NOT_FOUND);
      return removed;
    },
  };
}

export type StaffJobsService = ReturnType<typeof staffJobsService>;
