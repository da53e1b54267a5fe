import { timeZoneBodySchema, timeZoneResponseSchema, weeklySummarySchema } from '@app/domain/account-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import { repeatWhileOpen } from '../../repeat.ts';
import type { WeeklySummaryService } from './service.ts';
import { UNSUBSCRIBE_PATH, verifyUnsubscribeToken } from './unsubscribe.ts';

/** How often each instance looks for summaries that are due. */
const CHECK_EVERY_MS = 60_000;

export const UNSUBSCRIBED_MESSAGE = 'You will no longer receive the weekly summary.';
export const BAD_UNSUBSCRIBE_LINK_MESSAGE = 'This unsubscribe link is not valid.';

/** A bare page for people who open the link in a browser; the text is ours, never the request's. */
function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
    );
}

// A link mangled on its way (cut short, doubled, padded) is answered with the same page as a forged
// one, never with the API's JSON error: whoever opened it is a person in a browser.
const tokenQuery = z.object({ token: z.string().max(400).catch('') });

export async function weeklySummaryRoutes(
  fastify: FastifyInstance,
  options: { weeklySummary: WeeklySummaryService; unsubscribeKey: Buffer },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { weeklySummary, unsubscribeKey } = options;
  const tags = ['weekly summary'];

  // RFC 8058: mail programs POST `List-Unsubscribe=One-Click` as a form; its content does not matter.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/weekly-summary',
    {
      schema: {
        tags,
        summary: 'Whether you get the weekly summary e-mail',
        response: { 200: weeklySummarySchema },
      },
    },
    async (request) => ({ subscribed: await weeklySummary.isSubscribed(currentUser(request).id) }),
  );

  app.put(
    '/api/weekly-summary',
    {
      schema: {
        tags,
        summary: 'Switch the weekly summary e-mail on or off',
        body: weeklySummarySchema,
        response: { 200: weeklySummarySchema },
      },
    },
    async (request) => {
      await weeklySummary.setSubscribed(currentUser(request).id, request.body.subscribed);
      return { subscribed: request.body.subscribed };
    },
  );

  app.put(
    '/api/account/time-zone',
    {
      schema: {
        tags,
        summary:
          "Your browser's time zone (IANA name), sent at sign-in; the weekly summary follows it. Unknown zones are ignored",
        body: timeZoneBodySchema,
        response: { 200: timeZoneResponseSchema },
      },
    },
    async (request) => ({
      time_zone: await weeklySummary.setTimeZone(currentUser(request).id, request.body.time_zone),
    }),
  );

  app.get(
    UNSUBSCRIBE_PATH,
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'The unsubscribe link of a weekly summary, opened in a browser: a page with one button (no sign-in)',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!verifyUnsubscribeToken(unsubscribeKey, token)) {
        return page(reply, 400, 'Unsubscribe', `<p>${BAD_UNSUBSCRIBE_LINK_MESSAGE}</p>`);
      }
      return page(
        reply,
        200,
        'Unsubscribe from the weekly summary',
        `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'One-click unsubscribe (RFC 8058): switches the weekly summary off for the signed link, no sign-in',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const userId = verifyUnsubscribeToken(unsubscribeKey, request.query.token);
      if (!userId) return page(reply, 400, 'Unsubscribe', `<p>${BAD_UNSUBSCRIBE_LINK_MESSAGE}</p>`);
      // A deleted account's link still answers the same: there is nothing left to send to.
      await weeklySummary.setSubscribed(userId, false);
      return page(reply, 200, 'Unsubscribed', `<p>${UNSUBSCRIBED_MESSAGE}</p>`);
    },
  );

  // Each instance looks every minute; the claim in the database keeps a week to one e-mail. A run
  // still going at the next minute (many clients, a slow database) is left to finish first.
  repeatWhileOpen(app, CHECK_EVERY_MS, () => weeklySummary.runDue(), 'weekly summary run failed');
}
