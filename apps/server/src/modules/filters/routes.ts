import {
  jobFilterDeletedResponseSchema,
  jobFilterIdParamsSchema,
  jobFilterListResponseSchema,
  jobFilterResponseSchema,
  jobFiltersQuerySchema,
  jobFilterUpdateSchema,
} from '@app/domain/job-filters-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.ts';
import type { FiltersService } from './service.ts';

export async function filtersRoutes(
  fastify: FastifyInstance,
  options: { filters: FiltersService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { filters } = options;
  const tags = ['job search filters'];

  app.get(
    '/api/job-search-filters',
    {
      schema: {
        tags,
        summary:
          "A client's saved job-search filters: staff name the client by client_id, clients get their own",
        querystring: jobFiltersQuerySchema,
        response: { 200: jobFilterListResponseSchema },
      },
    },
    async (request) => ({ data: await filters.list(currentUser(request), request.query.client_id) }),
  );

  app.put(
    '/api/job-search-filters/:id',
    {
      schema: {
        tags,
        summary: 'Change the name, query or filters of a saved filter (staff: any; clients: their own)',
        params: jobFilterIdParamsSchema,
        body: jobFilterUpdateSchema,
        response: { 200: jobFilterResponseSchema },
      },
    },
    async (request) => ({
      data: await filters.update(currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/job-search-filters/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved filter (staff: any; clients: their own)',
        params: jobFilterIdParamsSchema,
        response: { 200: jobFilterDeletedResponseSchema },
      },
    },
    async (request) => {
      await filters.remove(currentUser(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
}
