import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * Typed errors thrown by services. One handler (installed in app.ts) turns them into a status and
 * `{"error": message}`; anything unexpected becomes a 500 without details.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;
  constructor(statusCode: number, message: string, details?: Record<string, unknown>) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
  }
}

export const BadRequest = (message: string, details?: Record<string, unknown>) =>
  new HttpError(400, message, details);
export const Unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const Forbidden = (message = 'Access denied') => new HttpError(403, message);
export const NotFound = (message = 'Not found') => new HttpError(404, message);
export const Conflict = (message: string) => new HttpError(409, message);
export const PayloadTooLarge = (message: string) => new HttpError(413, message);
export const UnsupportedMediaType = (message: string) => new HttpError(415, message);
export const TooManyRequests = (message: string) => new HttpError(429, message);
export const Invalid = (message: string, details?: Record<string, unknown>) =>
  new HttpError(422, message, details);

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

/** pg reports a lost connection by its message alone, without a code. */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/i;

/** Connection-level failures of the database: the client did nothing wrong, so 503, not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  if (LOST_CONNECTION.test(String((error as Error)?.message))) return true;
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string') return false;
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'ERR_SQLITE_BUSY'].includes(code) ||
    code.startsWith('08') || // PostgreSQL connection exceptions
    code === '57P01' || // admin shutdown
    code === '57P03' // cannot connect now
  );
}

export const UNSTORABLE_TEXT_MESSAGE = 'Invalid request: text must not contain the NUL character';

/**
 * PostgreSQL refuses the NUL character in text (`character_not_in_repertoire`; SQLite stores it):
 * the client sent text no column can hold, so 400, not 500.
 */
function isUnstorableText(error: unknown): boolean {
  return (error as { code?: unknown })?.code === '22021';
}

export const GONE_MEANWHILE_MESSAGE = 'What this request names no longer exists';

/**
 * A write naming a row deleted while the request ran (PostgreSQL's `foreign_key_violation`, SQLite's
 * SQLITE_CONSTRAINT_FOREIGNKEY): a late request of an account being erased, so 404, not 500.
 */
function namesDeletedRow(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return code === '23503' || errcode === 787;
}

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The longest path parameter the router matches (Fastify's maxParamLength); ids are far shorter. */
export const MAX_PARAM_LENGTH = 200;

export const BAD_URL_MESSAGE = 'Invalid request: the address is not valid (bad percent-encoding)';
export const URL_TOO_LONG_MESSAGE = 'Invalid request: a part of the address is too long';
const CLIENT_CLOSED_MESSAGE = 'The request was closed before it was complete';

/**
 * Fastify's `frameworkErrors`: failures of the router itself, before any route or hook runs (a path
 * that is not valid percent-encoding, a path parameter over MAX_PARAM_LENGTH), answer in the same
 * `{"error": ...}` shape as everything else.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ error: BAD_URL_MESSAGE });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ error: URL_TOO_LONG_MESSAGE });
    return;
  }
  request.log.error({ err: error }, 'router error');
  reply.status(500).send({ error: INTERNAL_ERROR_MESSAGE });
}

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';
const HEADERS_TOO_LARGE_MESSAGE = 'Invalid request: its headers are too large';
const MALFORMED_REQUEST_MESSAGE = 'Invalid request: it is not well-formed HTTP';

/**
 * Fastify's `clientErrorHandler`: a connection that breaks the HTTP rules or the time limits (a
 * request sent too slowly) gets one answer in the `{"error": ...}` shape, then is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, REQUEST_TIMEOUT_MESSAGE]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, HEADERS_TOO_LARGE_MESSAGE]
        : [400, MALFORMED_REQUEST_MESSAGE];
  if (socket.writable) {
    const body = JSON.stringify({ error: message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Whether the client went away before its request was read: its connection dropped mid-body. The
 * socket errors that come with it (ECONNRESET, EPIPE) are the client's doing, not the database's.
 */
function clientClosed(request: FastifyRequest): boolean {
  return request.raw.destroyed && !request.raw.complete;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (clientClosed(request)) {
      request.log.info({ event: 'client_closed' }, 'client closed the request before it was complete');
      return reply.status(400).send({ error: CLIENT_CLOSED_MESSAGE });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: `${error.validationContext ?? ''}${issue.instancePath}`,
        message: issue.message ?? 'is invalid',
      }));
      const first = issues[0];
      return reply.status(400).send({
        error: first ? `Invalid request: ${first.path} ${first.message}` : 'Invalid request',
        issues,
      });
    }
    if (isUnstorableText(error)) return reply.status(400).send({ error: UNSTORABLE_TEXT_MESSAGE });
    if (namesDeletedRow(error)) return reply.status(404).send({ error: GONE_MEANWHILE_MESSAGE });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { code: (error as { code?: string }).code } }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ error: SERVICE_UNAVAILABLE_MESSAGE });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.status(status).send({ error: clientMessage(error as FastifyError) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: INTERNAL_ERROR_MESSAGE });
  });
}

/** The 404 of a path no route answers (app.ts makes it the not-found handler). */
export function answerNoRoute(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ error: `No route for ${request.method} ${request.url.split('?')[0]}` });
}

function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body must not be empty';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'Request body is not valid JSON';
  }
  return error.message;
}
