/**
 * A bare node:http server that gives every request one recorded answer, byte for byte: the baseline
 * for "the same bytes with nothing in between". Runs as a child process (see `startFixedAnswer`).
 */
import { createServer } from 'node:http';
import { startServer } from './lib.ts';

export interface FixedAnswer {
  status: number;
  /** Name and value pairs, in the order the product sent them. */
  headers: [string, string][];
  body: string;
}

/** Headers that node:http writes itself (or that describe the connection), so they are not replayed. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Fetches `url` once and keeps its status, headers and body as a fixed answer. */
export async function recordAnswer(url: string, headers: Record<string, string> = {}): Promise<FixedAnswer> {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name)),
    body: await response.text(),
  };
}

/** Starts the bare server in a child process, so it never shares the load generator's event loop. */
export function startFixedAnswer(answer: FixedAnswer) {
  return startServer<{ port: number }>(new URL(import.meta.url), [JSON.stringify(answer)]);
}

async function serveFixedAnswer(answer: FixedAnswer): Promise<{ port: number }> {
  const body = Buffer.from(answer.body);
  const headers = [...answer.headers.flat(), 'content-length', String(body.length)];
  const server = createServer((_request, response) => {
    response.writeHead(answer.status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port };
}

if (import.meta.main) process.send?.(await serveFixedAnswer(JSON.parse(process.argv[2]!) as FixedAnswer));
