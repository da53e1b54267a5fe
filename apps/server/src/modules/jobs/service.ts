import { hash } from 'node:crypto';
import type { ClientApproval, Job, JobListItem } from '@app/domain/jobs';
import type { BulkApprovalResult, MyJobsQuery, StaffJob } from '@app/domain/jobs-api';
import type { Db } from '../../db/database.ts';
import { rememberedUntilCommit } from '../../db/remembered-until-commit.ts';
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

/** Validators kept per list query; more than this for one caller and they start over. */
const VALIDATORS_PER_CALLER = 16;

export function jobsService(db: Db) {
  const repo = jobsRepo(db.kysely);
  // Every revalidation needs the version, and it only changes with a commit.
  const listVersions = rememberedUntilCommit(db, (email) => repo.listVersion(email));
  const versionKey = (owner: JobOwner) => owner.email.toLowerCase();
  // The guard hands out one caller object per remembered token, so each validator is hashed once.
  const validators = new WeakMap<JobOwner, Map<string, string>>();

  /**
   * A weak validator for the owner's list under this query, made from the version every write to
   * their jobs raises.
   */
  const validatorOf = (owner: JobOwner, version: number, query: MyJobsQuery): string => {
    const key = `${version}|${query.applied}|${query.approval}|${query.refreshed_from}|${query.refreshed_to}`;
    let known = validators.get(owner);
    if (!known || known.size >= VALIDATORS_PER_CALLER) {
      known = new Map();
      validators.set(owner, known);
    }
    let etag = known.get(key);
    if (!etag) {
      etag = `W/"${hash('sha1', `${owner.id}|${owner.email.toLowerCase()}|${key}`, 'base64url')}"`;
      known.set(key, etag);
    }
    return etag;
  };

  return {
    /** The list's validator, when it is known without reading anything (see `listEtag`). */
    knownListEtag(owner: JobOwner, query: MyJobsQuery): string | undefined {
      const version = listVersions.peek(versionKey(owner));
      return version === undefined ? undefined : validatorOf(owner, version, query);
    },

    /** The list's validator: reading one row at most, never the jobs. */
    async listEtag(owner: JobOwner, query: MyJobsQuery): Promise<string> {
      return validatorOf(owner, await listVersions.read(versionKey(owner)), query);
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
