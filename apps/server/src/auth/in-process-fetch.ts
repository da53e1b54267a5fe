import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { CustomFetch } from 'openid-client';

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch that answers from this very server without a network round trip: the sign-in client
 * talks to the embedded development provider this way, so it works whatever address the server
 * listens on (and under `inject` in tests). Requests carry the public URL's host and scheme so the
 * provider writes the same URLs a browser would see.
 */
export function inProcessFetch(app: FastifyInstance): CustomFetch {
  const publicUrl = new URL(app.config.publicUrl);
  return async (url, options) => {
    const target = new URL(url);
    const response = await app.inject({
      method: options.method as HTTPMethods,
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        host: publicUrl.host,
        'x-forwarded-proto': publicUrl.protocol.replace(':', ''),
      },
      ...(options.body === undefined || options.body === null ? {} : { payload: String(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined) headers.append(name, String(item));
      }
    }
    const body = NULL_BODY_STATUSES.has(response.statusCode) ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers });
  };
}
