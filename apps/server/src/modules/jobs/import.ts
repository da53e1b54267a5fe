import { CLIENT_ID_NOT_FOUND_MESSAGE, type ClientMatch, type ClientRef } from '@app/domain/clients-api';
import { NAME_ONE_CLIENT_MESSAGE } from '@app/domain/jobs-api';
import { type ImportError, type ImportFormat, parseJobsFile } from '@app/domain/jobs-import';
import type { Db } from '../../db/database.ts';
import { BadRequest, Invalid, NotFound } from '../../errors.ts';
import type { ClientsService } from '../clients/service.ts';
import { jobsRepo } from './repo.ts';

/** The client is named by `client_id`, else by `email` (see ClientsService.findOrInviteByEmail). */
export interface ImportRequest {
  client_id?: string | undefined;
  email?: string | undefined;
  format: ImportFormat;
  content: string;
}

export interface ImportSummary {
  imported: number;
  updated: number;
  client: ClientRef;
  matched: ClientMatch;
}

function problemsMessage(listed: ImportError[], count: number): string {
  const problems = count === 1 ? '1 problem' : `${count} problems`;
  const listing = count > listed.length ? ` The first ${listed.length} are listed.` : '';
  return `Nothing was imported: the file has ${problems}.${listing}`;
}

/**
 * Puts a file of jobs in front of a client (the API and `npm run jobs:import` both come here).
 * Every row is checked first, before any client is looked up or invited; then the whole file is
 * written in one transaction, so it lands whole or not at all. A job_uid the client already has
 * updates that job's staff fields.
 * Throws 422 `Invalid` with `errors: [{ row, field, message }]` when any row is wrong, and 404 for
 * an unknown client id.
 */
export async function importJobs(
  db: Db,
  clients: ClientsService,
  request: ImportRequest,
): Promise<ImportSummary> {
  const parsed = parseJobsFile(request.content, request.format);
  if (!parsed.ok) {
    throw Invalid(problemsMessage(parsed.errors, parsed.errorCount), { errors: parsed.errors });
  }
  const { client, matched } = await resolveClient(clients, request);
  const counts = await db.kysely.transaction().execute(async (trx) => {
    const repo = jobsRepo(trx);
    const existing = await repo.existingUids(
      client.id,
      parsed.jobs.map((job) => job.job_uid),
    );
    await repo.upsertImported(client.id, parsed.jobs);
    return { imported: parsed.jobs.length - existing.size, updated: existing.size };
  });
  return { ...counts, client, matched };
}

async function resolveClient(
  clients: ClientsService,
  request: ImportRequest,
): Promise<{ client: ClientRef; matched: ClientMatch }> {
  if (request.client_id === undefined) {
    if (request.email === undefined) throw BadRequest(`Invalid request: ${NAME_ONE_CLIENT_MESSAGE}`);
    return clients.findOrInviteByEmail(request.email);
  }
  const client = await clients.findById(request.client_id);
  if (!client) throw NotFound(CLIENT_ID_NOT_FOUND_MESSAGE);
  return { client, matched: 'client_id' };
}
