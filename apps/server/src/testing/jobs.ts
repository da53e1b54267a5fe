import type { JobListItem } from '@app/domain/jobs';
import { importJobsResponseSchema, jobListItems, jobListResponseSchema } from '@app/domain/jobs-api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

type Headers = Record<string, string>;
export type ImportSummary = z.infer<typeof importJobsResponseSchema>['data'];

/**
 * Staff import JSON rows through the real endpoint, for a client named by id or (as the CLI may) by
 * e-mail. Anything but a 200 throws with the server's answer, so a test reads the summary only.
 */
export async function importJobsFor(
  app: FastifyInstance,
  staff: Headers,
  client: { client_id: string } | { email: string },
  rows: readonly Record<string, unknown>[],
): Promise<ImportSummary> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/jobs/import',
    headers: staff,
    payload: { ...client, format: 'json', content: JSON.stringify(rows) },
  });
  if (response.statusCode !== 200) throw new Error(`import failed: ${response.statusCode} ${response.body}`);
  return importJobsResponseSchema.parse(response.json()).data;
}

/** The signed-in client's list, as /myjobs reads it. */
export async function myJobs(app: FastifyInstance, headers: Headers): Promise<JobListItem[]> {
  const response = await app.inject({ method: 'GET', url: '/api/my-jobs', headers });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return jobListItems(jobListResponseSchema.parse(response.json()));
}
