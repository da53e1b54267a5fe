import { staffOnlyMessage } from '@app/domain/staff';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_TOKEN_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE } from '../auth/guard.ts';
import type { RouteEntry } from '../route-table.ts';
import { databaseKinds } from '../testing/databases.ts';
import { rowsMentioning } from './db-snapshot.ts';
import { catalogEntry, ROUTE_CATALOG, type RouteAccess } from './route-catalog.ts';
import { createWorld, identifiersOf, type World } from './world.ts';

const routeName = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The request a catalog entry describes, sent with the registered route's own method (HEAD too). */
function requestFor(route: RouteEntry, entry: RouteAccess, ...args: Parameters<RouteAccess['request']>) {
  const request = entry.request(...args);
  return { ...request, method: route.method } as InjectOptions;
}

/**
 * A successful API answer in JSON is described by its route's response schema, which shows it in
 * /api/docs and checks it as it is sent, so no field leaves by accident. A download (the account's
 * data export) is a file, whatever its type.
 */
function expectDescribed(route: RouteEntry, response: LightMyRequestResponse, label: string) {
  const api = /^\/(api|auth)\//.test(route.url) && !route.url.startsWith('/api/docs');
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  const download = String(response.headers['content-disposition'] ?? '').startsWith('attachment');
  if (!api || !json || download || route.method === 'HEAD' || response.statusCode >= 300) return;
  expect(route.describedStatuses, `${label}: no response schema for ${response.statusCode}`).toContain(
    String(response.statusCode),
  );
}

/** When every route is served: deletions near the end, and calls that replace what others name last. */
const serveOrder = ({ route, entry }: { route: RouteEntry; entry: RouteAccess }) =>
  entry.access === 'staff' && entry.replacesOwned ? 2 : route.method === 'DELETE' ? 1 : 0;

describe.each(databaseKinds)('access matrix, generated from the route table, on %s', (kind) => {
  let world: World;
  let routes: RouteEntry[];
  const withAccess = (...kinds: RouteAccess['access'][]) =>
    routes
      .map((route) => ({ route, entry: catalogEntry(route.method, route.url)! }))
      .filter(({ entry }) => kinds.includes(entry.access));

  beforeAll(async () => {
    world = await createWorld(kind);
    routes = [...world.app.routeTable];
  }, 60_000);
  afterAll(async () => world.close());

  it('lists every registered route, and only registered routes', () => {
    const missing = routes.filter((route) => !catalogEntry(route.method, route.url)).map(routeName);
    expect(missing, 'routes missing from ROUTE_CATALOG (route-catalog.ts)').toEqual([]);
    const registered = new Set(routes.map(routeName));
    const stale = Object.keys(ROUTE_CATALOG).filter((name) => !registered.has(name));
    expect(stale, 'catalog entries for routes the server no longer has').toEqual([]);
    console.log(
      `access matrix (${kind}): ${routes.length} routes (${registered.size} method and path pairs)`,
    );
  });

  it("marks as public exactly the allow-listed routes, and as staff-only exactly the catalog's staff routes", () => {
    for (const route of routes) {
      const entry = catalogEntry(route.method, route.url)!;
      const publicInServer = route.public || route.url.startsWith('/api/docs');
      expect(publicInServer, `${routeName(route)} public`).toBe(entry.access === 'public');
      expect(route.staff, `${routeName(route)} staff`).toBe(entry.access === 'staff');
    }
  });

  it('answers 401 to every non-public route called without a token or with a forged one', async () => {
    for (const { route, entry } of withAccess('signed-in', 'client', 'staff')) {
      const anonymous = await world.app.inject(requestFor(route, entry, {}, world.amira));
      expect(anonymous.statusCode, routeName(route)).toBe(401);
      if (route.method !== 'HEAD') expect(anonymous.json()).toEqual({ error: MISSING_TOKEN_MESSAGE });
      const forged = await world.app.inject(
        requestFor(route, entry, { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' }, world.amira),
      );
      expect(forged.statusCode, `${routeName(route)} with a forged token`).toBe(401);
    }
  });

  it('answers the allow-listed public routes without a token, describing what they answer', async () => {
    for (const { route, entry } of withAccess('public')) {
      const response = await world.app.inject(requestFor(route, entry, {}, world.amira));
      expect(response.statusCode, routeName(route)).toBeLessThan(500);
      expectDescribed(route, response, routeName(route));
      if (response.statusCode === 401) expect(response.json().error).not.toBe(MISSING_TOKEN_MESSAGE);
    }
  });

  it("answers 403 with the staff-only message to a client's token on every staff route", async () => {
    const message = staffOnlyMessage(world.app.config.staffEmailDomain);
    for (const { route, entry } of withAccess('staff')) {
      const response = await world.app.inject(requestFor(route, entry, world.bruno.headers, world.amira));
      expect(response.statusCode, routeName(route)).toBe(403);
      if (route.method !== 'HEAD') expect(response.json()).toEqual({ error: message });
    }
  });

  it('answers 403 with the second-factor message on every staff route to staff who have not passed it', async () => {
    for (const { route, entry } of withAccess('staff')) {
      if (route.beforeSecondFactor) continue;
      const response = await world.app.inject(requestFor(route, entry, world.halfway, world.amira));
      expect(response.statusCode, routeName(route)).toBe(403);
      if (route.method !== 'HEAD') expect(response.json()).toEqual({ error: SECOND_FACTOR_REQUIRED_MESSAGE });
    }
  });

  it.each([
    ['another client', (w: World) => w.bruno.headers],
    ['staff who have not passed the second factor', (w: World) => w.halfway],
  ])(
    "gives %s 404 (exactly as for nothing) or only their own data, and leaves the owner's rows alone",
    async (caller, headersOf) => {
      const { amira, ghost } = world;
      const headers = headersOf(world);
      const amiraRowsBefore = await rowsMentioning(world.app.db, [amira.userId, amira.email]);
      let checked = 0;
      for (const { route, entry } of withAccess('client')) {
        if (entry.access !== 'client' || route.method === 'HEAD') continue;
        const response = await world.app.inject(requestFor(route, entry, headers, amira));
        const label = `${routeName(route)} by ${caller}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (entry.foreign === 'not-found') {
          expect(response.statusCode, label).toBe(404);
          const nothing = await world.app.inject(requestFor(route, entry, headers, ghost));
          expect(response.body, `${label} differs from the answer for a missing resource`).toBe(nothing.body);
        } else if (entry.foreign === 'own-data-only') {
          expect(response.statusCode, label).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, label).toBeLessThan(300);
          for (const identifier of identifiersOf(amira))
            expect(response.body, label).not.toContain(identifier);
        } else {
          entry.foreign(response, amira);
        }
        checked++;
      }
      expect(await rowsMentioning(world.app.db, [amira.userId, amira.email])).toEqual(amiraRowsBefore);
      console.log(
        `access matrix (${kind}): ${checked} client routes refused ${caller} the owner's resource ids`,
      );
    },
  );

  // Last, because some of these calls change or delete what the others use.
  it('serves each request to whom it is for, so the refusals above are about access, not a broken request, and describes every answer', async () => {
    const { amira, staff } = world;
    const callers = (entry: RouteAccess) =>
      entry.access === 'staff'
        ? [staff]
        : entry.access === 'signed-in'
          ? [amira.headers, staff]
          : [amira.headers];
    const owned = withAccess('signed-in', 'client', 'staff')
      .filter(({ route }) => route.method !== 'HEAD')
      .sort((a, b) => serveOrder(a) - serveOrder(b));
    for (const { route, entry } of owned) {
      for (const caller of callers(entry)) {
        const response = await world.app.inject(requestFor(route, entry, caller, amira));
        const label = `${routeName(route)}: ${response.body.slice(0, 300)}`;
        if ((entry.access === 'staff' || entry.access === 'client') && entry.servedStatus)
          expect(response.statusCode, label).toBe(entry.servedStatus);
        else expect(response.statusCode, label).toBeLessThan(300);
        expectDescribed(route, response, routeName(route));
      }
    }
  });
});
