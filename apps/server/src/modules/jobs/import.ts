import { type ImportError, type ImportFormat, parseJobsFile } from '@app/domain/jobs-import';
import type { Db } from '../../db/database.ts';
import { Invalid } from '../../errors.ts';
import { jobsRepo } from './repo.ts';

export interface ImportRequest {
  email: string;
  format: ImportFormat;
  content: string;
}

export interface ImportSummary {
  imported: number;
  updated: number;
}

function problemsMessage(listed: ImportError[], count: number): string {
  const problems = count === 1 ? '1 problem' : `${count} problems`;
  const listing = count > listed.length ? ` The first ${listed.length} are listed.` : '';
  return `Nothing was imported: the file has ${problems}.${listing}`;
}

/**
 * Puts a file of jobs in front of a client (the API and `npm run jobs:import` both come here).
 * Every row is checked first; then the whole file is written in one transaction, so it lands whole
 * or not at all. A job_uid the client already has updates that job's staff fields.
 * Throws 422 `Invalid` with `errors: [{ row, field, message }]` when any row is wrong.
 */
export async function importJobs(db: Db, request: ImportRequest): Promise<ImportSummary> {
  const parsed = parseJobsFile(request.content, request.format);
  if (!parsed.ok) {
    throw Invalid(problemsMessage(parsed.errors, parsed.errorCount), { errors: parsed.errors });
  }
  const email = request.email.trim().toLowerCase();
  return db.kysely.transaction().execute(async (trx) => {
    const repo = jobsRepo(trx);
    const existing = await repo.existingUids(
      email,
      parsed.jobs.map((job) => job.job_uid),
    );
    await repo.upsertImported(email, await repo.userIdForEmail(email), parsed.jobs);
    return { imported: parsed.jobs.length - existing.size, updated: existing.size };
  });
}
