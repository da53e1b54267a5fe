import { hash } from 'node:crypto';
import type { ClientApproval, Job, JobListItem } from '@app/domain/jobs';
import type { BulkApprovalResult, MyJobsQuery, StaffJob } from '@app/domain/jobs-api';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../errors.ts';
import { type JobOwner, jobsRepo } from './repo.ts';

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

export function jobsService(db: Db) {
  const repo = jobsRepo(db.kysely);

  return {
    /**
     * A weak validator for the owner's list under this query, made from the version every write to
     * their jobs raises: checking it reads one row, not the jobs.
     */
    async listEtag(owner: JobOwner, query: MyJobsQuery): Promise<string> {
      const version = await repo.listVersion(owner.email);
      const key = [
        owner.id,
        owner.email.toLowerCase(),
        version,
        query.applied,
        query.approval,
        query.refreshed_from,
        query.refreshed_to,
      ].join('|');
      // One-shot hashing: building a Hash object per revalidation cost more than reading the version.
      return `W/"${hash('sha1', key, 'base64url')}"`;
    },

    async list(owner: JobOwner, query: MyJobsQuery): Promise<JobListItem[]> {
      // Jobs imported before the client's first sign-in get their user on the client's first look.
      if (await repo.hasUnlinked(owner)) await repo.linkToUser(owner);
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
      return found(await repo.updateForOwner(owner, id, { client_approval: approval }));
    },

    async setNotes(owner: JobOwner, id: string, notes: string | null): Promise<Job> {
      return found(await repo.updateForOwner(owner, id, { client_notes: notesOrNull(notes) }));
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
