import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '../errors.ts';

const WINDOW_MS = 60_000;

/**
 * A budget of `limit` requests per client address (`request.ip`, so behind a proxy only with
 * TRUST_PROXY) per minute, counted from the address's first request of the minute. The counters
 * live in this instance. The hook is synchronous and allocates only for a new address: it runs
 * before every /auth request, the access-token check of `GET /auth/v1/user` included.
 */
export function perAddressRateLimit(limit: number, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  let nextSweepAt = 0;

  /** Drops finished windows, at most once a minute, so addresses seen once do not pile up. */
  function sweep(at: number): void {
    if (at < nextSweepAt) return;
    nextSweepAt = at + WINDOW_MS;
    for (const [address, window] of windows) if (window.resetsAt <= at) windows.delete(address);
  }

  return function rateLimit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const at = now();
    sweep(at);
    let window = windows.get(request.ip);
    if (!window || window.resetsAt <= at) {
      window = { count: 0, resetsAt: at + WINDOW_MS };
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count <= limit) return done();
    const seconds = Math.ceil((window.resetsAt - at) / 1000);
    reply.header('retry-after', String(seconds));
    done(new HttpError(429, `Too many requests. Please try again in ${waitingTime(seconds)}.`));
  };
}

function waitingTime(seconds: number): string {
  if (seconds >= 60) return '1 minute';
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
