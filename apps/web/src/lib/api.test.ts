import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiFetch,
  apiUrl,
  failureMessage,
  SIGNED_OUT_MESSAGE,
  setApiSessionSource,
  UPLOAD_STALL_MS,
  UPLOAD_STALLED_ERROR,
  withReadsStopped,
} from './api.ts';
import { FakeUpload } from './testing/fake-upload.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  setApiSessionSource(null);
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sentHeaders = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

describe('apiFetch', () => {
  it('returns { data: null, error } and logs the HTTP error on a non-OK answer', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500, statusText: 'Internal Server Error' }));
    const result = await apiFetch('/onboarding-submissions');
    expect(result).toEqual({ data: null, error: 'HTTP error 500: Internal Server Error', status: 500 });
    expect(console.error).toHaveBeenCalledWith('HTTP error 500: Internal Server Error');
  });

  it("uses the server's error text when it gives one", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { error: 'File size must be less than 5MB' },
        { status: 413, statusText: 'Payload Too Large' },
      ),
    );
    const result = await apiFetch('/file-upload', { method: 'POST', body: new FormData() });
    expect(result).toEqual({ data: null, error: 'File size must be less than 5MB', status: 413 });
    expect(console.error).toHaveBeenCalledWith('HTTP error 413: Payload Too Large');
  });

  it('sends JSON with the bearer token and parses the answer', async () => {
    setApiSessionSource({ getAccessToken: async () => 'tok', refreshAccessToken: async () => null });
    fetchMock.mockResolvedValue(Response.json({ data: { id: 7 } }));
    const result = await apiFetch<{ data: { id: number } }>('/onboarding-submissions', {
      method: 'POST',
      json: { first_name: 'Ada' },
    });
    expect(result).toEqual({ data: { data: { id: 7 } }, error: null, status: 200 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/onboarding-submissions');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"first_name":"Ada"}');
    expect(sentHeaders(0).get('authorization')).toBe('Bearer tok');
    expect(sentHeaders(0).get('content-type')).toBe('application/json');
  });

  it('stops the reads of the session while it signs out, quietly, and never a write', async () => {
    /** A fetch that answers only when `answer` is called, and fails at once when its request is aborted. */
    const pending: { answer: () => void }[] = [];
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((resolve, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (init?.signal?.aborted) abort();
          init?.signal?.addEventListener('abort', abort);
          pending.push({ answer: () => resolve(Response.json({ data: 'saved' })) });
        }),
    );
    const read = apiFetch('/onboarding-submissions');
    const write = apiFetch('/onboarding-submissions', { method: 'POST', json: { first_name: 'Ada' } });
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    let readDuringSignOut: ReturnType<typeof apiFetch> | undefined;
    await withReadsStopped(async () => {
      readDuringSignOut = apiFetch('/onboarding-submissions/check-complete');
      pending[1]?.answer();
    });
    const signedOut = { data: null, error: SIGNED_OUT_MESSAGE, status: 0 };
    expect(await read).toEqual(signedOut);
    expect(await readDuringSignOut).toEqual(signedOut);
    expect(await write).toEqual({ data: { data: 'saved' }, error: null, status: 200 });
    expect(console.error).not.toHaveBeenCalled();
    // Reads made afterwards, for whoever signs in next, go out as usual.
    fetchMock.mockResolvedValue(Response.json({ data: 'next' }));
    expect(await apiFetch('/onboarding-submissions')).toEqual({
      data: { data: 'next' },
      error: null,
      status: 200,
    });
  });

  it('sends no authorization header without a session', async () => {
    fetchMock.mockResolvedValue(Response.json({}));
    await apiFetch('/public-config');
    expect(sentHeaders(0).has('authorization')).toBe(false);
  });

  it('refreshes the session and retries once when the token is refused', async () => {
    const refreshAccessToken = vi.fn(async () => 'fresh');
    setApiSessionSource({ getAccessToken: async () => 'stale', refreshAccessToken });
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 401, statusText: 'Unauthorized' }))
      .mockResolvedValueOnce(Response.json({ ok: true }));
    const result = await apiFetch('/my-jobs');
    expect(result).toEqual({ data: { ok: true }, error: null, status: 200 });
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(sentHeaders(1).get('authorization')).toBe('Bearer fresh');
    expect(console.error).not.toHaveBeenCalled();
  });

  it('gives up after one retry when the token is still refused', async () => {
    setApiSessionSource({ getAccessToken: async () => 'stale', refreshAccessToken: async () => 'fresh' });
    fetchMock.mockImplementation(async () =>
      Response.json({ error: 'Invalid JWT signature' }, { status: 401, statusText: 'Unauthorized' }),
    );
    const result = await apiFetch('/my-jobs');
    expect(result).toEqual({ data: null, error: 'Invalid JWT signature', status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('turns a network failure into an error result', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await apiFetch('/my-jobs')).toEqual({ data: null, error: 'Failed to fetch', status: 0 });
  });
});

describe('an upload with progress', () => {
  // Uploads whose answers are held and never let go: the test plays the browser's part.
  beforeEach(() => {
    FakeUpload.reset();
    FakeUpload.hold();
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });

  const upload = (signal?: AbortSignal) =>
    apiFetch('/file-upload', { method: 'POST', body: new FormData(), onUploadProgress: () => {}, signal });

  it('gives up when nothing has moved for 30 s, as a failed request', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const result = upload();
    void result.then(settled);
    await vi.advanceTimersByTimeAsync(5 + UPLOAD_STALL_MS - 1);
    expect(FakeUpload.last?.aborted).toBe(false);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeUpload.last?.aborted).toBe(true);
    expect(await result).toEqual({ data: null, error: UPLOAD_STALLED_ERROR, status: 0 });
    expect(UPLOAD_STALL_MS).toBe(30_000);
  });

  it('lets a slow upload that keeps moving take as long as it needs', async () => {
    vi.useFakeTimers();
    const release = FakeUpload.hold();
    const percents: number[] = [];
    const result = apiFetch('/file-upload', {
      method: 'POST',
      body: new FormData(),
      onUploadProgress: (percent) => percents.push(percent),
    });
    await vi.advanceTimersByTimeAsync(5);
    const sending = FakeUpload.last!;
    for (const loaded of [60, 80, 100]) {
      await vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 1);
      sending.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
    }
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 1);
    // Every byte is sent: the answer has a stall window of its own.
    sending.upload.onload?.();
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 1);
    release();
    expect(await result).toMatchObject({ error: null, status: 201 });
    expect(sending.aborted).toBe(false);
    expect(percents).toEqual([50, 60, 80, 100]);
  });

  it('stops the request when its signal is aborted', async () => {
    const controller = new AbortController();
    const result = upload(controller.signal);
    await vi.waitFor(() => expect(FakeUpload.last).not.toBeNull());
    controller.abort();
    expect(FakeUpload.last?.aborted).toBe(true);
    expect(await result).toMatchObject({ data: null, status: 0 });
    expect(controller.signal.aborted).toBe(true);
    // Stopped by its caller, not failed: nothing is reported.
    expect(console.error).not.toHaveBeenCalled();
  });

  it('is never sent when its signal was aborted before', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await upload(controller.signal)).toMatchObject({ data: null, status: 0 });
    expect(FakeUpload.last).toBeNull();
  });
});

describe('apiUrl', () => {
  it('puts paths under /api unless they already name the API or auth', () => {
    expect(apiUrl('/my-jobs')).toBe('/api/my-jobs');
    expect(apiUrl('my-jobs')).toBe('/api/my-jobs');
    expect(apiUrl('/api/my-jobs')).toBe('/api/my-jobs');
    expect(apiUrl('/auth/v1/user')).toBe('/auth/v1/user');
    expect(apiUrl('/apiary')).toBe('/api/apiary');
  });
});

describe('failureMessage', () => {
  const fallback = 'Could not do it. Please try again.';

  it("shows the server's own message", () => {
    expect(failureMessage(new ApiError('Storage quota of 50 MB reached', 413), fallback)).toBe(
      'Storage quota of 50 MB reached',
    );
  });

  it('falls back when no answer came, the answer was a bare status line, or the error is not from a call', () => {
    expect(failureMessage(new ApiError('Failed to fetch', 0), fallback)).toBe(fallback);
    expect(failureMessage(new ApiError('HTTP error 502: Bad Gateway', 502), fallback)).toBe(fallback);
    expect(failureMessage(new ApiError('', 500), fallback)).toBe(fallback);
    expect(failureMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});
