/**
 * The one way the browser calls the product's API. Every call carries the session's bearer token when
 * there is one; a non-OK answer is logged as `HTTP error {status}: {statusText}` and returned as
 * `{ data: null, error }` (spec 1, section 7), never thrown.
 */

export interface ApiResult<T> {
  data: T | null;
  error: string | null;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
}

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body with the matching content type. */
  json?: unknown;
  /** Any other body (FormData for uploads, for example). */
  body?: BodyInit | null;
  /** `blob` for downloads; otherwise JSON answers are parsed and anything else is read as text. */
  responseType?: 'json' | 'blob';
  /** Leave the bearer token off (calls that need no session, made before one is restored). */
  anonymous?: boolean;
  /**
   * Told the whole percent of the body sent so far, 0 to 100 (uploads). Such a request gives up when
   * nothing moves for UPLOAD_STALL_MS, and stops when `signal` is aborted.
   */
  onUploadProgress?: (percent: number) => void;
}

/** How the API client reaches the session without depending on the auth feature. */
export interface ApiSessionSource {
  /** A usable access token (refreshed first when it has expired), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Called once when the server rejects the token: refreshes and returns the new one, or null. */
  refreshAccessToken(): Promise<string | null>;
}

let sessionSource: ApiSessionSource | null = null;

/** The auth provider registers itself here; calling it again replaces the previous source. */
export function setApiSessionSource(source: ApiSessionSource | null): void {
  sessionSource = source;
}

/** The reads made for the signed-in person; aborted for as long as a sign-out takes. */
let sessionReads = new AbortController();

/**
 * Runs `signOut` with the session's reads stopped, quietly: the ones still loading are abandoned and
 * any that starts meanwhile is never sent. Their answers belong to the session that is ending, and
 * would otherwise come back as 401s once it has. Writes are never stopped: an answer the person gave
 * before signing out is still saved.
 */
export async function withReadsStopped<T>(signOut: () => Promise<T>): Promise<T> {
  sessionReads.abort();
  try {
    return await signOut();
  } finally {
    sessionReads = new AbortController();
  }
}

export const SIGNED_OUT_MESSAGE = 'You signed out before this finished loading.';

export const API_BASE = '/api';

/** `/my-jobs` and `/api/my-jobs` both mean the API's `/my-jobs`; `/auth/...` stays as it is. */
export function apiUrl(path: string): string {
  if (/^\/(api|auth)(\/|$)/.test(path)) return path;
  return `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<ApiResult<T>> {
  const { json, responseType, anonymous, onUploadProgress, ...requestInit } = init;
  const url = apiUrl(path);
  const readsOfSession = (requestInit.method ?? 'GET').toUpperCase() === 'GET' ? sessionReads.signal : null;
  const signal =
    readsOfSession && requestInit.signal
      ? AbortSignal.any([readsOfSession, requestInit.signal])
      : (readsOfSession ?? requestInit.signal);
  const send = (token: string | null) => {
    const headers = new Headers(requestInit.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (json !== undefined) headers.set('content-type', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    const request = {
      ...requestInit,
      signal,
      headers,
      credentials: 'same-origin' as const,
      body: json !== undefined ? JSON.stringify(json) : requestInit.body,
    };
    return onUploadProgress ? sendWithProgress(url, request, onUploadProgress) : fetch(url, request);
  };

  try {
    const token = anonymous || !sessionSource ? null : await sessionSource.getAccessToken();
    let response = await send(token);
    // The token may have been revoked or rotated by another tab since it was issued: refresh once.
    if (response.status === 401 && token && sessionSource) {
      const fresh = await sessionSource.refreshAccessToken();
      if (fresh) response = await send(fresh);
    }
    if (!response.ok) {
      const httpError = `${HTTP_ERROR_PREFIX} ${response.status}: ${response.statusText}`;
      console.error(httpError);
      return { data: null, error: (await serverErrorText(response)) ?? httpError, status: response.status };
    }
    return {
      data: (await readBody(response, responseType)) as T | null,
      error: null,
      status: response.status,
    };
  } catch (error) {
    if (readsOfSession?.aborted) return { data: null, error: SIGNED_OUT_MESSAGE, status: 0 };
    const message = error instanceof Error ? error.message : String(error);
    // A request its caller stopped (a cancelled upload, say) did not fail: nothing to report.
    if (!requestInit.signal?.aborted) console.error(`Request to ${url} failed: ${message}`);
    return { data: null, error: message, status: 0 };
  }
}

/** apiFetch for the many routes that answer `{ data }`, so no feature unwraps that envelope itself. */
export async function apiFetchData<T>(path: string, init?: ApiInit): Promise<ApiResult<T>> {
  const result = await apiFetch<{ data: T }>(path, init);
  return { ...result, data: result.data?.data ?? null };
}

const HTTP_ERROR_PREFIX = 'HTTP error';

/** True when a failure's error is only the HTTP status line: the server gave no message of its own. */
export function isBareHttpError(error: string): boolean {
  return error.startsWith(`${HTTP_ERROR_PREFIX} `);
}

/**
 * How long an upload may go without a byte sent or an answer before it is given up: the connection
 * has stalled, and the person would otherwise watch the same percentage for ever. A slow upload that
 * keeps moving is never cut off here; the server limits the whole request (HTTP_REQUEST_TIMEOUT_MS,
 * five minutes: a 5 MB resume at about 140 kbit/s).
 */
export const UPLOAD_STALL_MS = 30_000;

export const UPLOAD_STALLED_ERROR = 'The upload stalled';

/**
 * The request through XMLHttpRequest, the one browser API that reports upload progress, answered as
 * a fetch Response so that everything else is the same. It fails as fetch does when its signal is
 * aborted, and fails when UPLOAD_STALL_MS pass with no progress and no answer.
 */
function sendWithProgress(
  url: string,
  init: RequestInit & { headers: Headers },
  onProgress: (percent: number) => void,
): Promise<Response> {
  let stall: ReturnType<typeof setTimeout> | undefined;
  const answered = new Promise<Response>((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    /** Starts the stall clock again: called whenever the upload or its answer moves. */
    const moved = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        request.onabort = null;
        request.abort();
        reject(new Error(UPLOAD_STALLED_ERROR));
      }, UPLOAD_STALL_MS);
    };
    request.open(init.method ?? 'GET', url);
    for (const [name, value] of init.headers) request.setRequestHeader(name, value);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    // The last byte is sent: the server's answer gets a full stall window of its own.
    request.upload.onload = moved;
    request.onprogress = moved;
    request.onload = () => {
      const headers = new Headers();
      for (const line of request
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const empty = request.status === 204 || request.status === 304;
      resolve(
        new Response(empty ? null : request.response, {
          status: request.status,
          statusText: request.statusText,
          headers,
        }),
      );
    };
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onabort = () => reject(signal?.aborted ? signal.reason : new TypeError('Failed to fetch'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(init.body as XMLHttpRequestBodyInit | null | undefined);
    moved();
  });
  return answered.finally(() => clearTimeout(stall));
}

async function readBody(response: Response, responseType: ApiInit['responseType']): Promise<unknown> {
  if (response.status === 204) return null;
  if (responseType === 'blob') return response.blob();
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) return response.json();
  const text = await response.text();
  return text === '' ? null : text;
}

/** The server answers failures with `{ "error": "<message a person can read>" }`. */
async function serverErrorText(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      return body.error;
    }
  } catch {
    // Not JSON: the HTTP status line says it all.
  }
  return null;
}

/** A failed call as an error to throw, for queries and mutations: the server's message and status. */
export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/**
 * What a failure toast or alert says: the server's own message when it answered with one, otherwise
 * `fallback` (no answer at all, a bare status line, or an error thrown before any call).
 */
export function failureMessage(error: unknown, fallback: string): string {
  const explained =
    error instanceof ApiError && error.status > 0 && error.message !== '' && !isBareHttpError(error.message);
  return explained ? error.message : fallback;
}

/** The answer's data, or an `ApiError` with the server's message (`fallback` when it gave none). */
export function dataOrThrow<T>(result: ApiResult<T>, fallback = ''): T {
  if (result.error === null) return result.data as T;
  throw new ApiError(result.error || fallback, result.status);
}
