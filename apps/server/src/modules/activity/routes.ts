import {
  activityActorsResponseSchema,
  activityExportQuerySchema,
  activityListResponseSchema,
  activityQuerySchema,
} from '@app/domain/activity';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ActivityService } from './service.ts';

/** Staff read the activity log: all of it, one client's or one staff member's, and as CSV. */
export async function activityRoutes(
  fastify: FastifyInstance,
  options: { activity: ActivityService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { activity } = options;
  const tags = ['admin'];

  app.get(
    '/api/admin/activity',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: 'Staff: the activity log, newest first, by client and/or staff member, a page at a time',
        querystring: activityQuerySchema,
        response: { 200: activityListResponseSchema },
      },
    },
    async (request) => {
      const { client_id, actor_id, cursor, limit } = request.query;
      return activity.list({ clientId: client_id, actorUserId: actor_id }, cursor, limit);
    },
  );

  app.get(
    '/api/admin/activity/actors',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: 'Staff: the staff members who have entries in the activity log',
        response: { 200: activityActorsResponseSchema },
      },
    },
    async () => ({ data: await activity.staffActors() }),
  );

  app.get(
    '/api/admin/activity/export',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: 'Staff: the activity log (same filters) as a CSV file',
        querystring: activityExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { client_id, actor_id } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`activity-${day}.csv`))
        .send(activity.exportCsv({ clientId: client_id, actorUserId: actor_id }));
    },
  );
}
