import { jobHistoryResponseSchema } from '@app/domain/job-history';
import { JOB_OUTCOME_LABELS } from '@app/domain/job-outcomes';
import type { Job } from '@app/domain/jobs';
import {
  approvalBodySchema,
  bulkApprovalBodySchema,
  bulkApprovalResponseSchema,
  importJobsBodySchema,
  importJobsErrorSchema,
  importJobsResponseSchema,
  jobIdParamsSchema,
  jobListResponse,
  jobListResponseSchema,
  jobResponseSchema,
  myJobsQuerySchema,
  notesBodySchema,
  outcomeBodySchema,
  staffJobResponseSchema,
} from '@app/domain/jobs-api';
import { JOB_EXPORT_COLUMNS, jobExportRows } from '@app/domain/jobs-export';
import { create as contentDisposition } from 'content-disposition';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import type { Clock } from '../../clock.ts';
import { type ActivityService, clientActor, staffActor } from '../activity/service.ts';
import type { ClientsService } from '../clients/service.ts';
import { importActivity, importJobs } from './import.ts';
import type { JobsService } from './service.ts';

/** The weak validators in an If-None-Match header (or `*`) include this one. */
export function revalidates(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** A job as the activity log names it: title at company. */
export function describeJob(job: { data_job_title: string | null; data_company: string | null }): string {
  return [job.data_job_title, job.data_company].filter(Boolean).join(' at ');
}

/** An outcome change as the activity log keeps it: 'Interview (2024-11-03), Backend Engineer at Northwind'. */
function outcomeDetail(job: Job) {
  const outcome = job.outcome ? `${JOB_OUTCOME_LABELS[job.outcome]} (${job.outcome_date})` : 'cleared';
  return {
    job_id: job.id,
    outcome: job.outcome,
    outcome_date: job.outcome_date,
    summary: `${outcome}, ${describeJob(job)}`,
  };
}

export async function jobsRoutes(
  fastify: FastifyInstance,
  options: { jobs: JobsService; clients: ClientsService; activity: ActivityService; clock: Clock },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { jobs, clients, activity, clock } = options;
  const tags = ['jobs'];

  app.get(
    '/api/my-jobs',
    {
      schema: {
        tags,
        summary:
          "The signed-in client's jobs as the tables need them, one array of values per job named by `fields`; ETag and 304 when unchanged",
        querystring: myJobsQuerySchema,
        response: { 200: jobListResponseSchema, 304: z.null().describe('Not modified: no body') },
      },
    },
    async (request, reply) => {
      const clientId = currentUser(request).id;
      // Validator first, rows second: a write in between leaves an older validator on newer rows,
      // which only costs one more full answer, never a stale 304.
      const etag = await jobs.listEtag(clientId, request.query);
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
      // Sent without a payload (which the typed reply cannot express): a serialized `null` would
      // announce a 4-byte body that a 304 never carries, and clients would wait for it.
      if (revalidates(request.headers['if-none-match'], etag))
        return (reply as FastifyReply).code(304).send();
      return jobListResponse(await jobs.list(clientId, request.query));
    },
  );

  app.get(
    '/api/my-jobs/export',
    {
      schema: {
        tags,
        summary:
          'Your jobs as CSV: every column of the /myjobs table, default order, ISO dates; cells that would start a formula begin with an apostrophe',
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const rows = jobExportRows(await jobs.list(currentUser(request).id, {}));
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      return reply
        .header('content-disposition', contentDisposition(`my-jobs-${day}.csv`))
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(stringify([[...JOB_EXPORT_COLUMNS], ...rows], { bom: true, record_delimiter: 'windows' }));
    },
  );

  app.put(
    '/api/my-jobs/approval',
    {
      schema: {
        tags,
        summary: 'Set the decision on several jobs; ids that are not yours come back as not found',
        body: bulkApprovalBodySchema,
        response: { 200: bulkApprovalResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { job_ids, client_approval } = request.body;
      const result = await jobs.setApprovalMany(user.id, job_ids, client_approval, (trx, { updated_ids }) =>
        activity.recordIn(trx, {
          actor: clientActor(user),
          clientId: user.id,
          action: 'job.decision',
          detail: {
            job_ids: updated_ids,
            client_approval,
            summary: `${client_approval}, ${updated_ids.length} jobs`,
          },
        }),
      );
      return { data: result };
    },
  );

  app.get(
    '/api/my-jobs/:id',
    {
      schema: {
        tags,
        summary: 'One of your jobs, with its description',
        params: jobIdParamsSchema,
        response: { 200: jobResponseSchema },
      },
    },
    async (request) => ({ data: await jobs.get(currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/api/my-jobs/:id/approval',
    {
      schema: {
        tags,
        summary: 'Reject a job, or restore it to pending',
        params: jobIdParamsSchema,
        body: approvalBodySchema,
        response: { 200: jobResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const job = await jobs.setApproval(
        user.id,
        request.params.id,
        request.body.client_approval,
        (trx, job) =>
          activity.recordIn(trx, {
            actor: clientActor(user),
            clientId: user.id,
            action: 'job.decision',
            detail: { job_id: job.id, client_approval: job.client_approval, summary: describeJob(job) },
          }),
      );
      return { data: job };
    },
  );

  app.put(
    '/api/my-jobs/:id/notes',
    {
      // Stored text from a person: its own tighter budget (NOTES_RATE_LIMIT_PER_MINUTE).
      config: { rateLimit: { max: app.config.rateLimits.notesPerUser } },
      schema: {
        tags,
        summary:
          'Save your notes on a job; with client_notes_before, 409 when the notes changed elsewhere since',
        params: jobIdParamsSchema,
        body: notesBodySchema,
        response: {
          200: jobResponseSchema,
          409: z
            .object({ error: z.string() })
            .describe(
              'Nothing saved: the notes are no longer client_notes_before (changed in another tab or device)',
            ),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { client_notes: notes, client_notes_before: before } = request.body;
      const job = await jobs.setNotes(user.id, request.params.id, notes, before, (trx, job) =>
        activity.recordIn(trx, {
          actor: clientActor(user),
          clientId: user.id,
          action: 'job.notes',
          detail: { job_id: job.id, summary: describeJob(job) },
        }),
      );
      return { data: job };
    },
  );

  app.put(
    '/api/my-jobs/:id/outcome',
    {
      schema: {
        tags,
        summary:
          'Record what came of one of your applied jobs (No response, Response, Interview, Offer, Rejected by employer) and the day; `outcome: null` clears it',
        params: jobIdParamsSchema,
        body: outcomeBodySchema,
        response: { 200: jobResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const job = await jobs.setOutcome(
        user.id,
        request.params.id,
        request.body,
        new Date(clock.now()),
        (trx, job) =>
          activity.recordIn(trx, {
            actor: clientActor(user),
            clientId: user.id,
            action: 'job.outcome',
            detail: outcomeDetail(job),
          }),
      );
      return { data: job };
    },
  );

  app.get(
    '/api/my-jobs/:id/history',
    {
      schema: {
        tags,
        summary:
          "One of your jobs' history, newest first: assigned, applied, your decisions and notes, outcomes",
        params: jobIdParamsSchema,
        response: { 200: jobHistoryResponseSchema },
      },
    },
    async (request) => ({ data: await jobs.history(currentUser(request).id, request.params.id) }),
  );

  // ---- staff ------------------------------------------------------------------------------------

  const staffTags = ['jobs (staff)'];

  app.post(
    '/api/admin/jobs/import',
    {
      config: { staff: true },
      // The file travels as JSON text; escaping can grow it, and the schema holds it to 5 MB.
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags: staffTags,
        summary:
          'Import jobs (CSV or JSON text) for a client named by client_id, or by email (a sign-in e-mail, else a pending client, made if needed); all rows or none',
        body: importJobsBodySchema,
        response: { 200: importJobsResponseSchema, 422: importJobsErrorSchema },
      },
    },
    async (request) => {
      const actor = staffActor(currentUser(request));
      const summary = await importJobs(app.db, clients, request.body, new Date(clock.now()), (trx, summary) =>
        activity.recordIn(trx, { actor, ...importActivity(summary, request.body.format) }),
      );
      return { data: summary };
    },
  );

  app.put(
    '/api/admin/jobs/:id/outcome',
    {
      config: { staff: true },
      schema: {
        tags: staffTags,
        summary: "Record what came of a client's applied job, as the client can; `outcome: null` clears it",
        params: jobIdParamsSchema,
        body: outcomeBodySchema,
        response: { 200: staffJobResponseSchema },
      },
    },
    async (request) => {
      const actor = staffActor(currentUser(request));
      const job = await jobs.setOutcomeForStaff(
        request.params.id,
        request.body,
        new Date(clock.now()),
        (trx, job) =>
          activity.recordIn(trx, {
            actor,
            clientId: job.client_id,
            action: 'job.outcome',
            detail: outcomeDetail(job),
          }),
      );
      return { data: job };
    },
  );
}
