import {
  approvalBodySchema,
  bulkApprovalBodySchema,
  bulkApprovalResponseSchema,
  importJobsBodySchema,
  importJobsErrorSchema,
  importJobsResponseSchema,
  jobIdParamsSchema,
  jobListResponseSchema,
  jobResponseSchema,
  myJobsQuerySchema,
  notesBodySchema,
  staffJobListResponseSchema,
  staffJobPatchSchema,
  staffJobResponseSchema,
  staffJobsQuerySchema,
} from '@app/domain/jobs-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.ts';
import { plainJson } from '../../plain-json.ts';
import { importJobs } from './import.ts';
import { jobsService } from './service.ts';

/** The weak validators in an If-None-Match header (or `*`) include this one. */
function revalidates(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export async function jobsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = jobsService(app.db);
  const tags = ['jobs'];

  app.get(
    '/api/my-jobs',
    {
      schema: {
        tags,
        summary: "The signed-in client's jobs, without descriptions; ETag and 304 when unchanged",
        querystring: myJobsQuerySchema,
        response: { 200: jobListResponseSchema },
      },
      serializerCompiler: plainJson,
    },
    (request, reply) => {
      const owner = currentUser(request);
      const answer = (etag: string) => {
        reply
          .header('etag', etag)
          .header('cache-control', 'private, no-cache')
          .header('vary', 'authorization');
        if (revalidates(request.headers['if-none-match'], etag)) {
          // A 304 has no body, so it has no schema to type it against.
          (reply as FastifyReply).code(304).send();
          return undefined;
        }
        return jobs.list(owner, request.query).then((data) => ({ data, total: data.length }));
      };
      // Validator first, rows second: a write in between leaves an older validator on newer rows,
      // which only costs one more full answer, never a stale 304. Most revalidations find the
      // validator remembered and are answered without a promise.
      const known = jobs.knownListEtag(owner, request.query);
      return known === undefined ? jobs.listEtag(owner, request.query).then(answer) : answer(known);
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
    async (request) => ({
      data: await jobs.setApprovalMany(
        currentUser(request),
        request.body.job_ids,
        request.body.client_approval,
      ),
    }),
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
    async (request) => ({ data: await jobs.get(currentUser(request), request.params.id) }),
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
    async (request) => ({
      data: await jobs.setApproval(currentUser(request), request.params.id, request.body.client_approval),
    }),
  );

  app.put(
    '/api/my-jobs/:id/notes',
    {
      schema: {
        tags,
        summary: 'Save your notes on a job',
        params: jobIdParamsSchema,
        body: notesBodySchema,
        response: { 200: jobResponseSchema },
      },
    },
    async (request) => ({
      data: await jobs.setNotes(currentUser(request), request.params.id, request.body.client_notes),
    }),
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
        summary: "Import jobs (CSV or JSON text) for a client's e-mail; all rows or none",
        body: importJobsBodySchema,
        response: { 200: importJobsResponseSchema, 422: importJobsErrorSchema },
      },
    },
    async (request) => ({ data: await importJobs(app.db, request.body) }),
  );

  app.get(
    '/api/admin/jobs',
    {
      config: { staff: true },
      schema: {
        tags: staffTags,
        summary: "A client's jobs, by e-mail",
        querystring: staffJobsQuerySchema,
        response: { 200: staffJobListResponseSchema },
      },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const data = await jobs.listForClient(request.query.email);
      return { data, total: data.length };
    },
  );

  app.patch(
    '/api/admin/jobs/:id',
    {
      config: { staff: true },
      schema: {
        tags: staffTags,
        summary: 'Mark a job applied (or not) and write analyst notes',
        params: jobIdParamsSchema,
        body: staffJobPatchSchema,
        response: { 200: staffJobResponseSchema },
      },
    },
    async (request) => ({ data: await jobs.updateStaffFields(request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/jobs/:id',
    {
      config: { staff: true },
      schema: { tags: staffTags, summary: 'Take a job back from the client', params: jobIdParamsSchema },
    },
    async (request, reply) => {
      await jobs.remove(request.params.id);
      return reply.code(204).send();
    },
  );
}
