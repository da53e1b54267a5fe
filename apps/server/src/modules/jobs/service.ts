import { createHash } from 'node:crypto';
import type { ClientApproval, Job, JobListItem } from '@app/domain/jobs';
import type { BulkApprovalResult, MyJobsQuery, StaffJob } from '@app/domain/jobs-api';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../errors.ts';
import { type JobOwner, jobsRepo } from './repo.ts';

export const JOB_NOT_FOUND = 'Job not found';

/** Whatever the reason (no such job, or someone else's), the caller only learns it is not there. */
function found<T>(job: T | undefined): T {
  if (!job) throw NotFound(JOB_NOT_FOUND);
  return job;
}

/** Blank notes are no notes, so the screen offers "Add Notes" again. */
function notesOrNull(notes: string | null): string | null {
  return notes?.trim() ? notes : null;
}

export function jobsService(db: Db) {
  const repo = jobsRepo(db.kysely);

  return {
    /**
     * A weak validator for the owner's list under this query. It covers every job of the owner
     * (count, latest change, sum of revisions), so any write to any of them changes it.
     */
    async listEtag(owner: JobOwner, query: MyJobsQuery): Promise<string> {
      const stats = await repo.ownerStats(owner);
      // Jobs imported before the client's first sign-in get their user here, on the first look.
      if (stats.unlinked > 0) await repo.linkToUser(owner);
      const key = [
        owner.id,
        owner.email.toLowerCase(),
        stats.count,
        stats.latestUpdate,
        stats.revisions,
        query.applied,
        query.approval,
        query.refreshed_from,
        query.refreshed_to,
      ].join('|');
      return `W/"${createHash('sha1').update(key).digest('base64url')}"`;
    },

    list(owner: JobOwner, query: MyJobsQuery): Promise<JobListItem[]> {
      return repo.listForOwner(owner, {
        applied: query.applied === undefined ? undefined : query.applied === 'true',
        approval: query.approval,
        refreshedFrom: query.refreshed_from,
        refreshedTo: query.refreshed_to,
      });
    },

    async get(owner: JobOwner, id: string): Promise<Job> {
      return found(await repo.findForOwner(owner, id));
    },

    async setApproval(owner: JobOwner, id: string, approval: ClientApproval): Promise<Job> {
      return found(await repo.setApproval(owner, id, approval));
    },

    async setNotes(owner: JobOwner, id: string, notes: string | null): Promise<Job> {
      return found(await repo.setNotes(owner, id, notesOrNull(notes)));
    },

    async setApprovalMany(
      owner: JobOwner,
      ids: string[],
      approval: ClientApproval,
    ): Promise<BulkApprovalResult> {
      const unique = [...new Set(ids)];
      const updated = new Set(await repo.setApprovalMany(owner, unique, approval));
      return {
        updated_ids: unique.filter((id) => updated.has(id)),
        not_found_job_ids: unique.filter((id) => !updated.has(id)),
      };
    },

    // ---- staff ----------------------------------------------------------------------------------

    listForClient(email: string): Promise<StaffJob[]> {
      return repo.listForEmail(email);
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

export type JobsService = ReturnType<typeof jobsService>;
