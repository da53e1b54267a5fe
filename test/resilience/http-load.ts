/**
 * A small load generator: many virtual users, each a loop of requests over kept-alive
 * connections, with every answer's latency and status recorded per route.
 */
import { Agent, request as httpRequest } from 'node:http';

export interface Call {
  /** The route's name in the figures, such as `PUT /api/my-jobs/:id/notes`. */
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Statuses that count as a correct answer; default 200. */
  expect?: number[];
}

export interface Outcome {
  /** null when no answer came (refused, reset, timed out). */
  status: number | null;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
  error?: string;
}

const REQUEST_TIMEOUT_MS = 30_000;

export interface HttpClient {
  send(call: Call): Promise<Outcome>;
  close(): void;
}

/** At most `connections` sockets to `baseUrl`, kept alive between requests. */
export function httpClient(baseUrl: string, connections: number): HttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(baseUrl);
  return {
    send(call) {
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const started = performance.now();
      return new Promise((resolve) => {
        const done = (outcome: Omit<Outcome, 'ms'>) =>
          resolve({ ...outcome, ms: performance.now() - started });
        const req = httpRequest(
          {
            host: base.hostname,
            port: base.port,
            method: call.method,
            path: call.path,
            agent,
            timeout: REQUEST_TIMEOUT_MS,
            headers: {
              ...(payload === undefined
                ? {}
                : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
              ...call.headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              done({
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
                headers: res.headers,
              }),
            );
            res.on('error', (error) => done({ status: null, body: '', headers: {}, error: error.message }));
          },
        );
        req.on('timeout', () => req.destroy(new Error('timed out')));
        req.on('error', (error: NodeJS.ErrnoException) =>
          done({ status: null, body: '', headers: {}, error: error.code ?? error.message }),
        );
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

export interface RouteFigures {
  route: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** No answer at all. */
  errors: number;
  /** An answer with a status the call did not expect. */
  unexpected: number;
  statuses: Record<number, number>;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Whether an answer is right for its call; by default, a status the call expects. */
export type Acceptance = (call: Call, outcome: Outcome) => boolean;

export const expectedStatus: Acceptance = (call, outcome) =>
  outcome.status !== null && (call.expect ?? [200]).includes(outcome.status);

/** Where a load generator reports each answer. */
export interface Recorder {
  record(call: Call, outcome: Outcome): boolean;
}

/**
 * Latencies and statuses per route; `problems` keeps the first few wrong answers for the report.
 * `accept` decides which answers are right (during an outage, the 503 and its message).
 */
export class LoadFigures implements Recorder {
  readonly #accept: Acceptance;
  readonly #routes = new Map<
    string,
    { latencies: number[]; errors: number; unexpected: number; statuses: Record<number, number> }
  >();
  readonly problems: string[] = [];

  constructor(accept: Acceptance = expectedStatus) {
    this.#accept = accept;
  }

  record(call: Call, outcome: Outcome): boolean {
    let route = this.#routes.get(call.route);
    if (!route) {
      route = { latencies: [], errors: 0, unexpected: 0, statuses: {} };
      this.#routes.set(call.route, route);
    }
    route.latencies.push(outcome.ms);
    const ok = this.#accept(call, outcome);
    if (outcome.status === null) route.errors++;
    else {
      route.statuses[outcome.status] = (route.statuses[outcome.status] ?? 0) + 1;
      if (!ok) route.unexpected++;
    }
    if (!ok && this.problems.length < 10) {
      this.problems.push(
        `${call.method} ${call.path}: ${outcome.status ?? outcome.error} ${outcome.body.slice(0, 200)}`,
      );
    }
    return ok;
  }

  routes(): RouteFigures[] {
    return [...this.#routes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, figures]) => {
        const sorted = [...figures.latencies].sort((a, b) => a - b);
        return {
          route,
          requests: sorted.length,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          max: sorted.at(-1) ?? 0,
          errors: figures.errors,
          unexpected: figures.unexpected,
          statuses: figures.statuses,
        };
      });
  }

  /** Every route together, latencies included. */
  totals(): { requests: number; errors: number; unexpected: number; p50: number; p99: number } {
    const figures = [...this.#routes.values()];
    const sorted = figures.flatMap((route) => route.latencies).sort((a, b) => a - b);
    const sum = (pick: (route: (typeof figures)[number]) => number) =>
      figures.reduce((total, route) => total + pick(route), 0);
    return {
      requests: sorted.length,
      errors: sum((route) => route.errors),
      unexpected: sum((route) => route.unexpected),
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  }

  /** One line per route: requests, p50, p99, max, failures. */
  table(seconds: number): string {
    const lines = this.routes().map(
      (r) =>
        `  ${r.route.padEnd(48)} ${String(r.requests).padStart(7)}  ${(r.requests / seconds).toFixed(0).padStart(6)}/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  max ${r.max.toFixed(0).padStart(6)} ms  errors ${r.errors}  unexpected ${r.unexpected}`,
    );
    const totals = this.totals();
    lines.push(
      `  ${'all routes'.padEnd(48)} ${String(totals.requests).padStart(7)}  ${(totals.requests / seconds).toFixed(0).padStart(6)}/s  p50 ${totals.p50.toFixed(1).padStart(7)} ms  p99 ${totals.p99.toFixed(1).padStart(7)} ms  errors ${totals.errors}  unexpected ${totals.unexpected}`,
    );
    return lines.join('\n');
  }
}

/** Runs `step` in a loop for every user until `until()` says stop (checked between steps). */
export async function runUsers<User>(
  users: User[],
  until: () => boolean,
  step: (user: User, index: number) => Promise<void>,
): Promise<void> {
  await Promise.all(
    users.map(async (user, index) => {
      while (!until()) await step(user, index);
    }),
  );
}
