import {
  type OutboxMessage,
  outboxMessageContentResponseSchema,
  outboxMessageParamsSchema,
  outboxMessageResponseSchema,
  outboxQuerySchema,
  outboxResponseSchema,
} from '@app/domain/admin-email';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.ts';
import { GONE_MEANWHILE_MESSAGE, NotFound } from '../../errors.ts';
import { type ActivityService, staffActor } from '../activity/service.ts';
import type { Mailer } from './service.ts';

const OUTBOX_PAGE = 200;

const KIND_NAMES: Record<string, string> = {
  welcome: 'Welcome e-mail',
  team_notification: 'Team notification',
  weekly_summary: 'Weekly summary',
};

/**
 * The outbox for staff (the whole team's, or one client's, listed without bodies), one message
 * opened to read (logged), retry and cancel, and the sender's lifecycle: it runs while the app is
 * ready, stops on close.
 */
export async function mailRoutes(
  fastify: FastifyInstance,
  options: { mailer: Mailer; activity: ActivityService },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mailer, activity } = options;
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());

  /**
   * 'Welcome e-mail to jane@example.com, queued': what the activity log says of a message. Written
   * after the retry or cancel took effect (a retry may have delivered it), so a refused line never
   * makes the answer an error: the mailer writes it again in the background.
   */
  async function record(
    request: FastifyRequest,
    action: 'email.retried' | 'email.cancelled',
    message: OutboxMessage,
  ): Promise<void> {
    // A message about nobody in particular has no client timeline to go to.
    const clientId = message.client_id;
    if (!clientId) return;
    const kind = KIND_NAMES[message.kind] ?? message.kind;
    const actor = staffActor(currentUser(request));
    await mailer.recordOutcome({
      outboxId: message.id,
      // The client may have erased their account meanwhile: then no line.
      clientId,
      write: (db) =>
        activity.recordIn(db, {
          actor,
          clientId,
          action,
          detail: {
            outbox_id: message.id,
            kind: message.kind,
            status: message.status,
            summary: `${kind} to ${message.recipient}, ${message.status}`,
          },
        }),
      notYet: `${action} activity line not written yet`,
      never: `${action} activity line never written`,
    });
  }

  app.get(
    '/api/admin/outbox',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary: `Staff: e-mails newest first, ${OUTBOX_PAGE} at a time (older ones with cursor=next_cursor) (to or about a client when client_id is given, in one status when status is), sent or waiting`,
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => {
      const { client_id: clientId, status, cursor } = request.query;
      return mailer.list({ clientId, status }, cursor, OUTBOX_PAGE);
    },
  );

  app.get(
    '/api/admin/outbox/:id',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary:
          "Staff: one e-mail with its body, to read; the read is recorded in its client's activity. 404 for an unknown id",
        params: outboxMessageParamsSchema,
        response: { 200: outboxMessageContentResponseSchema },
      },
    },
    async (request) => {
      const message = await mailer.read(request.params.id);
      // The body is the client's data (a team notification holds their whole profile): as with a
      // document downloaded, it is answered only once the read is in the client's activity.
      // A client erased meanwhile takes the line with them: no body goes without it.
      if (
        message.client_id &&
        !(await activity.record({
          actor: staffActor(currentUser(request)),
          clientId: message.client_id,
          action: 'email.read',
          detail: { outbox_id: message.id, kind: message.kind, summary: message.subject },
        }))
      ) {
        throw NotFound(GONE_MEANWHILE_MESSAGE);
      }
      return { data: message };
    },
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary:
          'Staff: try a queued or failed e-mail now (sent at once when SMTP is configured); 409 for one sending, sent or cancelled',
        params: outboxMessageParamsSchema,
        response: { 200: outboxMessageResponseSchema },
      },
    },
    async (request) => {
      const message = await mailer.retryNow(request.params.id);
      await record(request, 'email.retried', message);
      return { data: message };
    },
  );

  app.post(
    '/api/admin/outbox/:id/cancel',
    {
      config: { staff: true },
      schema: {
        tags: ['admin'],
        summary: 'Staff: take a queued e-mail back so it is never sent; 409 for any other',
        params: outboxMessageParamsSchema,
        response: { 200: outboxMessageResponseSchema },
      },
    },
    async (request) => {
      const message = await mailer.cancel(request.params.id);
      await record(request, 'email.cancelled', message);
      return { data: message };
    },
  );
}
