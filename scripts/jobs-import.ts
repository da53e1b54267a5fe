/**
 * `npm run jobs:import -- --email someone@example.com --file jobs.csv`: imports a CSV or JSON file of
 * jobs for a client, into the configured database, with the same checks as the staff API. The
 * e-mail is resolved as the API does: a user's sign-in e-mail first, then a pending client (made
 * when there is none), and the output says which.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ClientMatch } from '@app/domain/clients-api';
import type { ImportFormat } from '@app/domain/import-format';
import { importJobsBodySchema } from '@app/domain/jobs-api';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { HttpError } from '../apps/server/src/errors.ts';
import { createActivityService, SYSTEM_ACTOR } from '../apps/server/src/modules/activity/service.ts';
import { createClientsService } from '../apps/server/src/modules/clients/service.ts';
import { importActivity, importJobs } from '../apps/server/src/modules/jobs/import.ts';

const USAGE = 'Usage: npm run jobs:import -- --email someone@example.com --file jobs.csv (or jobs.json)';

const MATCHED: Record<ClientMatch, string> = {
  client_id: 'the client with that id',
  sign_in_email: 'the client who signs in with that e-mail',
  pending_client: 'a pending client: nobody has signed in with that e-mail yet',
  new_pending_client: 'a new pending client: nobody has signed in with that e-mail yet',
};

function formatOf(file: string): ImportFormat | null {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.json') return 'json';
  return null;
}

/** `  row 4, max_salary: must not be negative`; row 0 is the CSV header or the file as a whole. */
function problemLine(problem: { row: number; field: string | null; message: string }): string {
  const where = [problem.row > 0 ? `row ${problem.row}` : problem.field ? 'header' : null, problem.field]
    .filter(Boolean)
    .join(', ');
  return where ? `  ${where}: ${problem.message}` : `  ${problem.message}`;
}

/** Runs the import and answers the lines to print and the exit code. */
export async function runJobsImport(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: number; lines: string[] }> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, file: { type: 'string' } } });
  const { file } = values;
  if (!values.email || !file) return { code: 1, lines: [USAGE] };
  const email = importJobsBodySchema.shape.email.unwrap().safeParse(values.email);
  if (!email.success)
    return { code: 1, lines: [`--email ${values.email}: must be an e-mail address`, USAGE] };
  const format = formatOf(file);
  if (!format) return { code: 1, lines: [`${file}: the file name must end in .csv or .json`, USAGE] };
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    return { code: 1, lines: [`Cannot read ${file}: ${(error as Error).message}`] };
  }

  const db = openDatabase(loadConfig(env).database);
  try {
    await migrateToLatest(db);
    const activity = createActivityService(db.kysely);
    const summary = await importJobs(
      db,
      createClientsService(db.kysely),
      { email: email.data, format, content },
      new Date(),
      // No person acted: the client's timeline names the program.
      (trx, summary) => activity.recordIn(trx, { actor: SYSTEM_ACTOR, ...importActivity(summary, format) }),
    );
    const { imported, updated, matched } = summary;
    return {
      code: 0,
      lines: [
        `${file}: ${imported} new job(s) and ${updated} updated job(s) for ${email.data} (${MATCHED[matched]}).`,
      ],
    };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const rows = (error.details?.errors ?? []) as { row: number; field: string | null; message: string }[];
    return {
      code: 1,
      lines: [`${file}: ${error.message}`, ...rows.map(problemLine)],
    };
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  try {
    const { code, lines } = await runJobsImport(process.argv.slice(2));
    for (const line of lines) (code === 0 ? console.log : console.error)(line);
    process.exit(code);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
