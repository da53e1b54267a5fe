import type { SavedFilter } from '@app/domain/job-filters';
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
import { type ActivityService, staffActor } from '../activity/service.ts';
import type { FiltersService } from './service.ts';

/**
 * How many added and removed keywords a log line names. Two whole lists of 200 keywords of 200
 * characters, before and after, are more than a line may hold (and a change of a valid filter must
 * never fail for its line); the first few with the counts still tell staff what was done.
 */
const LISTED_KEYWORDS = 10;

/** A keyword list's change: the entries added and removed (the first few of each), and how many. */
function listChange(before: readonly string[], after: readonly string[]) {
  const added = after.filter((entry) => !before.includes(entry));
  const removed = before.filter((entry) => !after.includes(entry));
  return {
    added: added.slice(0, LISTED_KEYWORDS),
    removed: removed.slice(0, LISTED_KEYWORDS),
    added_count: added.length,
    removed_count: removed.length,
  };
}

/**
 * What changed in a filter, for the activity log: the name, query and settings before and after,
 * and for a keyword list what was added and removed.
 */
function changedFields(before: SavedFilter, after: SavedFilter): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (before.name !== after.name) changes.name = { from: before.name, to: after.name };
  if (before.query !== after.query) changes.query = { from: before.query, to: after.query };
  for (const key of ['data_job_description', 'exclude_job_description'] as const) {
    if (JSON.stringify(before.filters[key]) !== JSON.stringify(after.filters[key])) {
      changes[key] = listChange(before.filters[key], after.filters[key]);
    }
  }
  for (const key of ['is_remote', 'min_salary'] as const) {
    if (before.filters[key] !== after.filters[key]) {
      changes[key] = { from: before.filters[key], to: after.filters[key] };
    }
  }
  return changes;
}

/** Clients read their own filters; changing one is for staff (filters are staff data, decision 030). */
export async function filtersRoutes(
  fastify: FastifyInstance,
  options: { filters: FiltersService; activity: ActivityService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { filters, activity } = options;
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
      config: { staff: true },
      schema: {
        tags,
        summary: 'Staff: change the name, query or filters of a saved filter',
        params: jobFilterIdParamsSchema,
        body: jobFilterUpdateSchema,
        response: { 200: jobFilterResponseSchema },
      },
    },
    async (request) => {
      const actor = staffActor(currentUser(request));
      const { filter } = await filters.update(
        request.params.id,
        request.body,
        (trx, { before, filter, clientId }) =>
          activity.recordIn(trx, {
            actor,
            clientId,
            action: 'filter.edited',
            detail: { filter_id: filter.id, changes: changedFields(before, filter), summary: filter.name },
          }),
      );
      return { data: filter };
    },
  );

  app.delete(
    '/api/job-search-filters/:id',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: 'Staff: delete a saved filter',
        params: jobFilterIdParamsSchema,
        response: { 200: jobFilterDeletedResponseSchema },
      },
    },
    async (request) => {
      const actor = staffActor(currentUser(request));
      const { filter } = await filters.remove(request.params.id, (trx, { filter, clientId }) =>
        activity.recordIn(trx, {
          actor,
          clientId,
          action: 'filter.deleted',
          detail: { filter_id: filter.id, query: filter.query, summary: filter.name },
        }),
      );
      return { data: { id: filter.id } };
    },
  );
}
