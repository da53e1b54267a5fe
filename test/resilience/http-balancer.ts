/**
 * A small round-robin reverse proxy, like the load balancer in front of several instances. An
 * instance that refuses or drops a connection is marked down for a while. A request that never
 * reached an instance (connection refused) is sent to the next one; so is an idempotent request
 * (GET, HEAD, PUT, DELETE) cut off mid-way. Anything else gets 502: retrying a POST could do it twice.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const DOWN_FOR_MS = 2000;

export interface Balancer {
  url: string;
  setUpstreams(urls: string[]): void;
  /** Requests answered per instance, requests sent again to another instance, and failures. */
  stats(): { answered: Record<string, number>; retried: number; badGateway: number };
  close(): Promise<void>;
}

export async function startBalancer(port = 0): Promise<Balancer> {
  let upstreams: { url: URL; downUntil: number }[] = [];
  let next = 0;
  const answered: Record<string, number> = {};
  let retried = 0;
  let badGateway = 0;

  /** Every instance once, starting with the next in turn; those marked down go last. */
  function candidates() {
    const start = next++ % Math.max(upstreams.length, 1);
    const ordered = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    const now = Date.now();
    return [...ordered.filter((u) => u.downUntil <= now), ...ordered.filter((u) => u.downUntil > now)];
  }

  function forward(upstream: { url: URL }, incoming: IncomingMessage, body: Buffer) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: upstream.url.hostname,
          port: upstream.url.port,
          method: incoming.method,
          path: incoming.url,
          // A fresh connection per request: a refused connection then surely never reached the instance.
          agent: false,
          headers: {
            ...incoming.headers,
            'x-forwarded-for': incoming.socket.remoteAddress ?? '',
            'x-forwarded-proto': 'http',
            'x-forwarded-host': incoming.headers.host ?? '',
            connection: 'close',
          },
        },
        resolve,
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const body = await buffer(incoming);
    const method = incoming.method ?? 'GET';
    let tries = 0;
    for (const upstream of candidates()) {
      if (tries++ > 0) retried++;
      try {
        const answer = await forward(upstream, incoming, body);
        answered[upstream.url.origin] = (answered[upstream.url.origin] ?? 0) + 1;
        // Which instance answered, so a test can follow a journey across instances.
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-upstream': upstream.url.origin,
        });
        answer.pipe(response);
        answer.on('error', () => response.destroy());
        return;
      } catch (error) {
        upstream.downUntil = Date.now() + DOWN_FOR_MS;
        const neverArrived = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
        if (!neverArrived && !IDEMPOTENT.has(method)) break;
      }
    }
    badGateway++;
    response
      .writeHead(502, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: 'Bad gateway' }));
  }

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    setUpstreams(urls) {
      upstreams = urls.map((url) => ({ url: new URL(url), downUntil: 0 }));
    },
    stats: () => ({ answered: { ...answered }, retried, badGateway }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
