import { jobListResponse, jobListResponseSchema } from '@app/domain/jobs-api';
import {
  bulkAppliedBodySchema,
  bulkAppliedResponseSchema,
  staffClientJobParamsSchema,
  staffClientParamsSchema,
  staffJobItemResponseSchema,
  staffJobPatchSchema,
} from '@app/domain/staff-jobs-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import { errorSchema } from '../../auth/routes.ts';
import { type ActivityService, staffActor } from '../activity/service.ts';
import { describeJob, revalidates } from './routes.ts';
import type { JobsService } from './service.ts';
import type { JobName } from './staff-repo.ts';
import type { StaffJobsService } from './staff-service.ts';

/** At most this many job names in the summary of a bulk change; the detail keeps every id. */
const NAMED_IN_SUMMARY = 3;

/** '2 jobs: Backend Engineer at Northwind, Data Analyst' */
function describeJobs(jobs: readonly JobName[]): string {
  const names = jobs.slice(0, NAMED_IN_SUMMARY).map(describeJob).join(', ');
  const more = jobs.length > NAMED_IN_SUMMARY ? ` and ${jobs.length - NAMED_IN_SUMMARY} more` : '';
  return `${jobs.length} ${jobs.length === 1 ? 'job' : 'jobs'}: ${names}${more}`;
}

/**
 * The recruiter's job table on the client page: one client's jobs by client id, staff only. Every
 * change is recorded in the activity log after it succeeded, and the request fails if the line
 * cannot be written.
 */
export async function staffJobsRoutes(
  fastify: FastifyInstance,
  options: { jobs: JobsService; staffJobs: StaffJobsService; activity: ActivityService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { jobs, staffJobs, activity } = options;
  const tags = ['jobs (staff)'];

  app.get(
    '/api/admin/clients/:client_id/jobs',
    {
      config: { staff: true },
      schema: {
        tags,
        summary:
          "Staff: a client's jobs (a user or a pending client), in the shape of /api/my-jobs; ETag and 304 when unchanged",
        params: staffClientParamsSchema,
        response: { 200: jobListResponseSchema, 304: z.null().describe('Not modified: no body') },
      },
    },
    async (request, reply) => {
      const clientId = request.params.client_id;
      await staffJobs.requireClient(clientId);
      // The client's own list validator: the same jobs, the same fields, the same version.
      const etag = await jobs.listEtag(clientId, {});
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
      if (revalidates(request.headers['if-none-match'], etag))
        return (reply as FastifyReply).code(304).send();
      return jobListResponse(await jobs.list(clientId, {}));
    },
  );

  app.patch(
    '/api/admin/clients/:client_id/jobs/:id',
    {
      config: { staff: true },
      schema: {
        tags,
        summary:
          "Staff: mark one of the client's jobs applied (or not) and/or write its analyst notes; 409 for a job at a company the client avoids (not marked applied)",
        params: staffClientJobParamsSchema,
        body: staffJobPatchSchema,
        response: {
          200: staffJobItemResponseSchema,
          409: errorSchema.describe(
            "Nothing changed: marked applied at a company on the client's companies to avoid ('The client asked us never to apply to Acme; this job was not marked applied.'), or analyst notes a colleague changed since analyst_notes_before",
          ),
        },
      },
    },
    async (request) => {
      const { client_id: clientId, id } = request.params;
      const actor = staffActor(currentUser(request));
      const { applied_for_job: applied, analyst_notes: notes } = request.body;
      const job = await staffJobs.update(clientId, id, request.body, async (trx, job) => {
        const summary = describeJob(job);
        if (applied !== undefined) {
          await activity.recordIn(trx, {
            actor,
            clientId,
            action: applied ? 'job.applied' : 'job.unapplied',
            detail: { job_id: id, summary },
          });
        }
        if (notes !== undefined) {
          await activity.recordIn(trx, {
            actor,
            clientId,
            action: 'job.edited',
            detail: { job_id: id, fields: ['analyst_notes'], summary: `analyst notes of ${summary}` },
          });
        }
      });
      return { data: job };
    },
  );

  app.put(
    '/api/admin/clients/:client_id/jobs/applied',
    {
      config: { staff: true },
      schema: {
        tags,
        summary:
          "Staff: mark several of the client's jobs applied (or not); the answer lists the jobs that changed, those already so, and ids that are not the client's (not found); 409 when any would be marked applied at a company the client avoids",
        params: staffClientParamsSchema,
        body: bulkAppliedBodySchema,
        response: {
          200: bulkAppliedResponseSchema,
          409: errorSchema.describe(
            "Nothing changed: some of the jobs would be marked applied at companies on the client's companies to avoid, named in the message ('The client asked us never to apply to Acme or Globex; none of these jobs was marked applied.')",
          ),
        },
      },
    },
    async (request) => {
      const clientId = request.params.client_id;
      const actor = staffActor(currentUser(request));
      const { job_ids, applied_for_job: applied } = request.body;
      const { jobs: _found, ...result } = await staffJobs.setAppliedMany(
        clientId,
        job_ids,
        applied,
        // The recruiter's action names every job of the client it was asked for, changed or already so.
        (trx, { jobs }) =>
          activity.recordIn(trx, {
            actor,
            clientId,
            action: applied ? 'job.applied' : 'job.unapplied',
            detail: { job_ids: jobs.map((job) => job.id), summary: describeJobs(jobs) },
          }),
      );
      return { data: result };
    },
  );

  app.delete(
    '/api/admin/clients/:client_id/jobs/:id',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: 'Staff: take a job back from the client (it leaves their list, with its history)',
        params: staffClientJobParamsSchema,
        response: { 204: z.null().describe('Taken back: no body') },
      },
    },
    async (request, reply) => {
      const { client_id: clientId, id } = request.params;
      const actor = staffActor(currentUser(request));
      await staffJobs.remove(clientId, id, (trx, removed) =>
        activity.recordIn(trx, {
          actor,
          clientId,
          action: 'job.deleted',
          detail: { job_id: id, summary: describeJob(removed) },
        }),
      );
      return reply.code(204).send(null);
    },
  );
}
