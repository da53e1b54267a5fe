import type { FastifyInstance } from 'fastify';

/** One method of one registered route, with the access its options ask for. */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  staff: boolean;
  /** A staff route open before the second factor: the routes that pass it. */
  beforeSecondFactor: boolean;
  /** The statuses whose answer the route's response schema describes (and checks as it is sent). */
  describedStatuses: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, in registration order (HEAD twins of GET routes included). */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Keeps the route table as routes are registered. Installed before anything registers a route, so
 * tests can walk every route the server answers (the access matrix fails when a route is missing).
 */
export function recordRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Read when asked, not now: a later onRoute hook may still mark the route (the web app's
      // file route is made public by one registered after this).
      routes.push({
        method,
        url: route.url,
        get public() {
          return route.config?.public === true;
        },
        get staff() {
          return route.config?.staff === true;
        },
        get beforeSecondFactor() {
          return route.config?.beforeSecondFactor === true;
        },
        get describedStatuses() {
          return Object.keys((route.schema?.response as object | undefined) ?? {});
        },
      });
    }
  });
}
