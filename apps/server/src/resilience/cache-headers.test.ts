import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../route-table.ts';
import { databaseKinds } from '../testing/databases.ts';
import { catalogEntry, type RouteAccess } from './route-catalog.ts';
import { createWorld, type World } from './world.ts';

/**
 * The API and sign-in routes that set caching of their own, and what they set: the jobs list is
 * revalidated by its ETag and kept by the browser only; the signing keys are public. Every other
 * /api and /auth answer carries personal data or tokens, or may, and says `no-store`.
 */
const OWN_CACHING: Record<string, string> = {
  'GET /api/my-jobs': 'private, no-cache',
  'HEAD /api/my-jobs': 'private, no-cache',
  // The recruiter's view of a client's list revalidates with the same list-version ETag.
  'GET /api/admin/clients/:client_id/jobs': 'private, no-cache',
  'HEAD /api/admin/clients/:client_id/jobs': 'private, no-cache',
  'GET /auth/v1/.well-known/jwks.json': 'public, max-age=300',
  'HEAD /auth/v1/.well-known/jwks.json': 'public, max-age=300',
};

const isPersonalArea = (url: string) => /^\/(api|auth)\//.test(url) && !url.startsWith('/api/docs');
const routeName = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe.each(databaseKinds)(
  'Cache-Control on every API and sign-in answer, from the route table, on %s',
  (kind) => {
    let world: World;
    let routes: { route: RouteEntry; entry: RouteAccess }[];
    beforeAll(async () => {
      world = await createWorld(kind);
      routes = world.app.routeTable
        .filter((route) => isPersonalArea(route.url))
        .map((route) => ({ route, entry: catalogEntry(route.method, route.url)! }))
        // Some calls delete what others use: those go last.
        .sort((a, b) => Number(a.route.method === 'DELETE') - Number(b.route.method === 'DELETE'));
    }, 60_000);
    afterAll(async () => world.close());

    it('says no-store unless the route is one of the few with caching of its own', async () => {
      const callerOf = (entry: RouteAccess) =>
        entry.access === 'staff' ? world.staff : entry.access === 'public' ? {} : world.amira.headers;
      const answers: Record<string, string> = {};
      for (const { route, entry } of routes) {
        const request = {
          ...entry.request(callerOf(entry), world.amira),
          method: route.method,
        } as InjectOptions;
        const response = await world.app.inject(request);
        answers[routeName(route)] = `${response.statusCode} ${response.headers['cache-control']}`;
      }
      const expected = Object.fromEntries(
        Object.keys(answers).map((name) => [name, OWN_CACHING[name] ?? 'no-store']),
      );
      const cacheControlOf = (answer: string) => answer.slice(answer.indexOf(' ') + 1);
      const seen = Object.fromEntries(
        Object.entries(answers).map(([name, answer]) => [
          name,
          // Downloads say `private, no-store`: no-store all the same.
          cacheControlOf(answer) === 'private, no-store' ? 'no-store' : cacheControlOf(answer),
        ]),
      );
      expect(seen, JSON.stringify(answers, null, 1)).toEqual(expected);
      expect(Object.keys(answers)).toEqual(
        expect.arrayContaining(['POST /auth/v1/token', 'GET /auth/v1/user']),
      );
    });

    it('says no-store on error answers too', async () => {
      const anonymous = await world.app.inject({ url: '/api/onboarding-submissions' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const refusedRefresh = await world.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: 'not-a-token' },
      });
      expect(refusedRefresh.statusCode).toBe(401);
      expect(refusedRefresh.headers['cache-control']).toBe('no-store');
    });
  },
);
