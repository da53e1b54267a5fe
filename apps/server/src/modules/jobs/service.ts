import { hash } from 'node:crypto';
import { type ClientApproval, JOB_LIST_FIELDS, type Job, type JobListItem } from '@app/domain/jobs';
import type { BulkApprovalResult, MyJobsQuery, StaffJob } from '@app/domain/jobs-api';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../errors.ts';
import { jobsRepo } from './repo.ts';

const JOB_NOT_FOUND = 'Job not found';

/** Whatever the reason (no such job, or someone else's), the caller only learns it is not there. */
function found<T>(job: T | undefined): T {
  if (!job) throw NotFound(JOB_NOT_FOUND);
  return job;
}

/** Blank notes are no notes, so the screen offers "Add Notes" again. */
function notesOrNull(notes: string | null): string | null {
  return notes?.trim() ? notes : null;
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

    async setApproval(clientId: string, id: string, approval: ClientApproval): Promise<Job> {
      return found(await repo.updateForClient(clientId, id, { client_approval: approval }));
    },

    async setNotes(clientId: string, id: string, notes: string | null): Promise<Job> {
      return found(await repo.updateForClient(clientId, id, { client_notes: notesOrNull(notes) }));
    },

    async setApprovalMany(
      clientId: string,
      ids: string[],
      approval: ClientApproval,
    ): Promise<BulkApprovalResult> {
      const unique = [...new Set(ids)];
      const updated = new Set(await repo.setApprovalMany(clientId, unique, approval));
      return {
        updated_ids: unique.filter((id) => updated.has(id)),
        not_found_job_ids: unique.filter((id) => !updated.has(id)),
      };
    },

    // ---- staff ----------------------------------------------------------------------------------

    listForStaff(clientId: string): Promise<StaffJob[]> {
      return repo.listForStaff(clientId);
    },

    async updateStaffFields(
      id: string,
      patch: { applied_for_job?: boolean; analyst_notes?: string | null },
    ): Promise<StaffJob> {
      const fields = {
        ...patch,
        ...(patch.analyst_notes !== undefined ? { analyst_notes: notesOrNull(patch.analyst_notes) } : {}),
      };
      return found(await repo.updateStaffFields(id, fields));
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw NotFound(JOB_NOT_FOUND);
    },
  };
}
