import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../errors.ts';
import { type ActivityService, staffActor } from '../modules/activity/service.ts';
import { currentUser } from './guard.ts';
import type { SessionListing } from './repo.ts';
import { errorSchema } from './routes.ts';
import type { SessionService } from './sessions.ts';

const sessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().describe('As the browser sent it when signing in, shortened'),
  created_at: z.string().describe('When this device signed in'),
  last_seen_at: z.string().describe('Last use, to the minute'),
  expires_at: z
    .string()
    .describe('When the session ends unless it is refreshed (never past its absolute lifetime)'),
});
const idParams = z.object({ id: z.string().min(1).max(64) });

const toSessionJson = (session: SessionListing) => ({
  id: session.id,
  user_agent: session.userAgent,
  created_at: session.createdAt,
  last_seen_at: session.lastSeenAt,
  expires_at: session.expiresAt,
});

/**
 * Signed-in devices: a person lists and ends their own sessions; staff list a client's and
 * disable one. An ended session's access tokens are refused everywhere within seconds.
 */
export async function sessionRoutes(
  scope: FastifyInstance,
  options: { sessions: SessionService; activity: ActivityService },
) {
  const { sessions, activity } = options;
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/account/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'My signed-in devices (live sessions), the one making this call marked current',
        response: { 200: z.object({ data: z.array(sessionSchema.extend({ current: z.boolean() })) }) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const listed = await sessions.list(caller.id);
      return {
        data: listed.map((session) => ({
          ...toSessionJson(session),
          current: session.id === caller.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out one of my devices',
        params: idParams,
        response: { 204: z.null().describe('Signed out: no body') },
      },
    },
    async (request, reply) => {
      await sessions.endOwn(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out every device but the one making this call',
        response: { 200: z.object({ ended: z.number().int() }) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      return { ended: await sessions.endAll(caller.id, caller.sessionId) };
    },
  );

  app.get(
    '/api/admin/clients/:userId/sessions',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary: "Staff: a user's signed-in devices",
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: z.object({ data: z.array(sessionSchema) }), 404: errorSchema },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (!(await sessions.findUser(userId))) throw NotFound('No user with this id');
      return { data: (await sessions.list(userId)).map(toSessionJson) };
    },
  );

  app.delete(
    '/api/admin/sessions/:id',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary: 'Staff: disable a session; its tokens stop working within seconds',
        params: idParams,
        response: { 204: z.null().describe('Disabled: no body') },
      },
    },
    async (request, reply) => {
      const owner = await sessions.disable(request.params.id);
      // Signing a person out is an action on their account (decision 030).
      await activity.record({
        actor: staffActor(currentUser(request)),
        clientId: owner,
        action: 'session.disabled',
        detail: { session_id: request.params.id },
      });
      return reply.code(204).send(null);
    },
  );
}
