import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PATH } from '../modules/weekly-summary/unsubscribe.ts';
import type { RouteEntry } from '../route-table.ts';
import { databaseKinds } from '../testing/databases.ts';
import { pdfBytes } from '../testing/documents.ts';
import { snapshotDatabase } from './db-snapshot.ts';
import {
  hostileHeaders,
  hostileJsonBody,
  hostileQuery,
  hostileSegment,
  hostileUpload,
} from './hostile-arbitraries.ts';
import { multipartBody } from './multipart.ts';
import { catalogEntry, type RouteAccess } from './route-catalog.ts';
import { createWorld, type Headers, type World } from './world.ts';

/** Enough variety per route to find the classic mistakes while the whole suite stays under a minute. */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 40);

/** Signs of an internal error leaking out: stack frames, source paths, driver messages. */
const LEAK =
  /\n\s+at |\bat [\w$.<>]+ \(|node:internal|node_modules|\.ts:\d+|\.js:\d+:\d+|SQLITE_|syntax error at or near/;

/** The body as the client reads it: hostile requests ask for every compression there is. */
function decodedBody(response: LightMyRequestResponse): string {
  const decoders: Record<string, (bytes: Buffer) => Buffer> = {
    gzip: gunzipSync,
    br: brotliDecompressSync,
    deflate: inflateSync,
  };
  const decode = decoders[String(response.headers['content-encoding'] ?? '')];
  return decode && response.rawPayload.length > 0
    ? decode(response.rawPayload).toString('utf8')
    : response.body;
}

/** fast-check's report, with the counterexample cut short: hostile requests can be megabytes long. */
async function reportBriefly(details: fc.RunDetails<[InjectOptions]>): Promise<void> {
  if (!details.failed) return;
  const example = fc.stringify(details.counterexample).slice(0, 1500);
  throw new Error(
    `${String(details.errorInstance).slice(0, 1500)}\nseed ${details.seed}, path ${details.counterexamplePath}\nrequest: ${example}`,
  );
}

/** A valid request for the route, with its path, query, body and headers each possibly made hostile. */
function hostileRequest(route: RouteEntry, valid: InjectOptions): fc.Arbitrary<InjectOptions> {
  const validUrl = new URL(String(valid.url), 'http://localhost');
  const pattern = route.url.split('/');
  const path = pattern.some((segment) => segment.startsWith(':') || segment === '*')
    ? fc.oneof(
        fc.constant(validUrl.pathname),
        fc
          .tuple(
            ...pattern.map((segment) =>
              segment.startsWith(':') || segment === '*' ? hostileSegment : fc.constant(segment),
            ),
          )
          .map((segments) => segments.join('/')),
      )
    : fc.constant(validUrl.pathname);
  const query = fc.oneof(fc.constant(validUrl.search.slice(1)), hostileQuery(validUrl.searchParams));
  const validHeaders = (valid.headers ?? {}) as Headers;
  const body =
    route.url === '/api/file-upload'
      ? hostileUpload.map((upload) => ({
          payload: upload.payload as string | Buffer,
          contentType: upload.contentType,
        }))
      : ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)
        ? fc.option(hostileJsonBody(valid.payload), { freq: 6 })
        : fc.constant(null);
  return fc
    .record({ path, query, body, headers: hostileHeaders, keepToken: fc.boolean() })
    .map(({ path, query, body, headers, keepToken }) => ({
      method: route.method as InjectOptions['method'],
      url: query ? `${path}?${query}` : path,
      headers: {
        ...validHeaders,
        ...headers,
        ...(keepToken && validHeaders.authorization ? { authorization: validHeaders.authorization } : {}),
        ...(body ? { 'content-type': body.contentType } : {}),
      },
      payload: body?.payload,
    }));
}

describe.each(databaseKinds)('hostile input on every route, on %s', (kind) => {
  let world: World;

  beforeAll(async () => {
    world = await createWorld(kind);
  }, 60_000);
  afterAll(async () => world.close());

  it('never answers 500 or with internals, and a refused request changes nothing in the database', async () => {
    const { app, staff, bruno } = world;
    const callerFor = (entry: RouteAccess): Headers =>
      entry.access === 'staff' ? staff : entry.access === 'public' ? {} : bruno.headers;
    let snapshot = await snapshotDatabase(app.db);
    const statuses = new Map<number, number>();
    let refused = 0;
    const started = Date.now();

    for (const route of app.routeTable.filter((candidate) => candidate.method !== 'HEAD')) {
      const entry = catalogEntry(route.method, route.url)!;
      const valid = entry.request(callerFor(entry), bruno);
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, valid), async (request) => {
          const before = snapshot;
          const response = await app.inject(request);
          snapshot = await snapshotDatabase(app.db);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const body = decodedBody(response);
          const label = `${route.method} ${route.url} answered ${response.statusCode}: ${body.slice(0, 300)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode < 400) return;
          refused++;
          expect(body, label).not.toMatch(LEAK);
          // The unsubscribe link is opened in a browser: a link it cannot read gets a page, as its answers do.
          const isPage =
            route.url === UNSUBSCRIBE_PATH &&
            String(response.headers['content-type']).startsWith('text/html');
          if (!isPage && /^\/(api|auth)\//.test(route.url))
            expect(typeof JSON.parse(body).error, label).toBe('string');
          expect(snapshot, `${label}\nchanged the database`).toEqual(before);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true, asyncReporter: reportBriefly },
      );
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.log(
      `hostile input (${kind}): ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${refused} refused with the database unchanged; ${byStatus.join(' ')}`,
    );
  }, 180_000);

  it('keeps nothing of uploads whose connection breaks off part-way', async () => {
    const { app, bruno } = world;
    const storageDir = fileURLToPath(app.config.storageUrl.replace(/^file:/, 'file://'));
    const storedFiles = () => readdirSync(storageDir, { recursive: true }).length;
    const filesBefore = storedFiles();
    const before = await snapshotDatabase(app.db);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const form = multipartBody([
      { name: 'folder', value: 'resumes' },
      {
        name: 'file',
        value: Buffer.concat([pdfBytes(), Buffer.alloc(2 * 1024 * 1024, 0x20)]),
        filename: 'big.pdf',
      },
    ]);
    for (const share of [0.05, 0.5, 0.99]) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        `POST /api/file-upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${bruno.headers.authorization}\r\n` +
          `Content-Type: ${form.contentType}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
      );
      socket.write(form.payload.subarray(0, Math.floor(form.payload.length * share)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect(await snapshotDatabase(app.db)).toEqual(before);
    expect(storedFiles()).toBe(filesBefore);
  });
});
