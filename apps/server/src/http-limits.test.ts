import net from 'node:net';
import path from 'node:path';
import { FILE_TYPE_MESSAGE } from '@app/domain/document-upload';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import {
  BAD_URL_MESSAGE,
  MAX_PARAM_LENGTH,
  REQUEST_TIMEOUT_MESSAGE,
  URL_TOO_LONG_MESSAGE,
} from './errors.ts';
import { MAX_UPLOADS_UNDER_WAY, TOO_MANY_UPLOADS_MESSAGE } from './modules/files/routes.ts';
import { type FormPart, multipartBody } from './resilience/multipart.ts';
import { signInForTest } from './testing/auth.ts';
import { testConfig } from './testing/databases.ts';
import { pdfBytes } from './testing/documents.ts';

/** A listening app with small time limits (unless `env` says otherwise), whose log lines the test reads. */
async function listeningApp(env: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = [];
  const config = testConfig({
    LOG_LEVEL: 'info',
    HTTP_REQUEST_TIMEOUT_MS: '1000',
    HTTP_HEADERS_TIMEOUT_MS: '500',
    ...env,
  });
  const app = await buildApp({
    config,
    webDist: path.join(config.dataDir, 'no-web'),
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, lines, port: (app.server.address() as net.AddressInfo).port };
}

/** A raw connection: what it received, and whether the server has closed it. */
async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.on('data', (chunk) => {
    state.received += chunk;
  });
  socket.on('close', () => {
    state.closed = true;
  });
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, state };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `text` a byte at a time, every 50 ms, until the server closes the connection. */
async function trickle(connection: Awaited<ReturnType<typeof rawConnection>>, text: string): Promise<number> {
  let sent = 0;
  while (!connection.state.closed && sent < text.length) {
    connection.socket.write(text.charAt(sent));
    sent++;
    await pause(50);
  }
  return sent;
}

describe('slow and broken requests on a listening server', () => {
  let ctx: Awaited<ReturnType<typeof listeningApp>>;
  let authorization: string;
  beforeAll(async () => {
    ctx = await listeningApp();
    authorization = (await signInForTest(ctx.app, 'slow@example.com')).authHeader.authorization;
  });
  afterAll(async () => ctx.app.close());

  const feedbackHeaders = (length: number) =>
    `POST /api/onboarding-feedback HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('cuts off a body sent one byte at a time, with 408 in the error shape', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(400) });
    const connection = await rawConnection(ctx.port);
    connection.socket.write(feedbackHeaders(body.length));
    const sent = await trickle(connection, body);
    expect(connection.state.closed).toBe(true);
    expect(sent).toBeLessThan(body.length);
    expect(connection.state.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(connection.state.received.split('\r\n\r\n')[1]).toBe(
      JSON.stringify({ error: REQUEST_TIMEOUT_MESSAGE }),
    );
  });

  it('cuts off headers sent one byte at a time', async () => {
    const headers = `GET /api/public-config HTTP/1.1\r\nHost: localhost\r\n${'X-Padding: slow\r\n'.repeat(40)}\r\n`;
    const connection = await rawConnection(ctx.port);
    const sent = await trickle(connection, headers);
    expect(connection.state.closed).toBe(true);
    expect(sent).toBeLessThan(headers.length);
    expect(connection.state.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('does not take a request the client closed half-way for a database outage', async () => {
    const earlier = ctx.lines.length;
    const linesOfThisTest = () => ctx.lines.slice(earlier);
    const connection = await rawConnection(ctx.port);
    connection.socket.write(`${feedbackHeaders(1000)}{"text":"half`);
    await expect.poll(linesOfThisTest).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: { method: 'POST', path: '/api/onboarding-feedback' },
      }),
    );
    connection.socket.destroy();
    await expect.poll(linesOfThisTest).toContainEqual(expect.objectContaining({ event: 'client_closed' }));
    expect(linesOfThisTest().filter((line) => line.msg === 'database unavailable')).toEqual([]);
    expect(linesOfThisTest().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe('uploads on a listening server', () => {
  let ctx: Awaited<ReturnType<typeof listeningApp>>;
  beforeAll(async () => {
    // Debug lines say when an upload's handler has started reading its form; the time limits are
    // long enough that only the test ends a stalled upload.
    ctx = await listeningApp({
      LOG_LEVEL: 'debug',
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      HTTP_HEADERS_TIMEOUT_MS: '10000',
    });
  });
  /** Every connection a test opened, closed before the server is (which waits for them). */
  const connections: Awaited<ReturnType<typeof rawConnection>>[] = [];
  const connect = async () => {
    const connection = await rawConnection(ctx.port);
    connections.push(connection);
    return connection;
  };
  afterAll(async () => {
    for (const connection of connections) connection.socket.destroy();
    await ctx.app.close();
  });

  const form = (file: FormPart) => multipartBody([file]);
  /** The request's head, and its whole body (which the caller may send only part of). */
  const uploadRequest = (authorization: string, file: FormPart) => {
    const { payload, contentType } = form(file);
    const head =
      `POST /api/file-upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`;
    return { head, payload };
  };
  const smallResume = (): FormPart => ({ name: 'file', filename: 'cv.pdf', value: pdfBytes() });
  const upload = (headers: { authorization: string }) => {
    const { payload, contentType } = form(smallResume());
    return ctx.app.inject({
      method: 'POST',
      url: '/api/file-upload',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  };
  /** How many log lines written since `from` have `field` set to `value`. */
  const countSince = (from: number, field: string, value: string) =>
    ctx.lines.slice(from).filter((line) => line[field] === value).length;

  it('lets a person have only a few uploads under way at once, counted on their own', async () => {
    const ada = await signInForTest(ctx.app, 'ada-uploads@example.com');
    const linus = await signInForTest(ctx.app, 'linus-uploads@example.com');
    const earlier = ctx.lines.length;
    // Each sends its head and the start of a 1 MB file, then stalls.
    const stalled = [];
    for (let i = 0; i < MAX_UPLOADS_UNDER_WAY; i++) {
      const { head, payload } = uploadRequest(ada.authHeader.authorization, {
        name: 'file',
        filename: 'cv.pdf',
        value: Buffer.alloc(1024 * 1024),
      });
      const connection = await connect();
      connection.socket.write(Buffer.concat([Buffer.from(head), payload.subarray(0, 64 * 1024)]));
      stalled.push(connection);
    }
    // @fastify/multipart logs this when a handler, already counted, starts reading the form.
    await expect
      .poll(() => countSince(earlier, 'msg', 'starting multipart parsing'))
      .toBe(MAX_UPLOADS_UNDER_WAY);

    const refused = await upload(ada.authHeader);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_UPLOADS_MESSAGE });
    expect((await upload(linus.authHeader)).statusCode).toBe(201);

    for (const connection of stalled) connection.socket.destroy();
    // Logged once each handler has given its place back.
    await expect.poll(() => countSince(earlier, 'event', 'client_closed')).toBe(MAX_UPLOADS_UNDER_WAY);
    expect((await upload(ada.authHeader)).statusCode).toBe(201);
  });

  it('answers a file refused by its name at once, and keeps its connection usable', async () => {
    const { authorization } = (await signInForTest(ctx.app, 'grace-uploads@example.com')).authHeader;
    const { head, payload } = uploadRequest(authorization, {
      name: 'file',
      filename: 'setup.exe',
      value: Buffer.alloc(5 * 1024 * 1024),
    });
    const connection = await connect();
    connection.socket.write(Buffer.concat([Buffer.from(head), payload]));
    await expect
      .poll(() => connection.state.received)
      .toContain(JSON.stringify({ error: FILE_TYPE_MESSAGE }));
    expect(connection.state.received).toMatch(/^HTTP\/1\.1 415 /);
    // The rest of the file is read and dropped, so the next request on the connection is answered.
    connection.socket.write('GET /api/public-config HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => connection.state.received).toMatch(/HTTP\/1\.1 200 /);
  });
});

describe('router-level errors answer in the error shape', () => {
  let app: FastifyInstance;
  let headers: { authorization: string };
  beforeAll(async () => {
    const config = testConfig();
    app = await buildApp({ config, webDist: path.join(config.dataDir, 'no-web') });
    headers = (await signInForTest(app, 'router@example.com')).authHeader;
  });
  afterAll(async () => app.close());

  it('bad percent-encoding in the path: 400', async () => {
    const response = await app.inject({ url: '/api/my-jobs/%E0%A4%A', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: BAD_URL_MESSAGE });
  });

  it('a path parameter longer than any id: 414', async () => {
    const response = await app.inject({ url: `/api/my-jobs/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`, headers });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: URL_TOO_LONG_MESSAGE });
    // At the limit, the route answers for itself.
    const atLimit = await app.inject({ url: `/api/my-jobs/${'a'.repeat(MAX_PARAM_LENGTH)}`, headers });
    expect(atLimit.statusCode).not.toBe(414);
  });

  it('malformed JSON: 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/onboarding-feedback',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"text": "unfinished',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('a content type the route does not read: 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/onboarding-feedback',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<text>hello</text>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'Unsupported content type' });
  });
});
