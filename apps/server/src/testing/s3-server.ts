import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

/**
 * A small S3-compatible server for tests: path-style PUT, GET, HEAD and DELETE of objects in one
 * bucket, kept in memory. Requests must carry a SigV4 Authorization header for the expected access
 * key, so a test proves the real SDK signed them with the configured credentials.
 */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every `METHOD key` the server answered, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTestS3Server(bucket = 'test-documents'): Promise<TestS3Server> {
  const accessKeyId = 'TESTACCESSKEY';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, requestBucket, ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const method = request.method ?? 'GET';
    requests.push(`${method} ${key}`);

    const fail = (status: number, code: string) => {
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(
        method === 'HEAD' ? undefined : `<?xml version="1.0"?><Error><Code>${code}</Code></Error>`,
      );
    };
    const authorization = String(request.headers.authorization ?? '');
    if (
      !authorization.startsWith('AWS4-HMAC-SHA256') ||
      !authorization.includes(`Credential=${accessKeyId}/`)
    ) {
      return fail(403, 'AccessDenied');
    }
    if (requestBucket !== bucket) return fail(404, 'NoSuchBucket');
    if (!key) return fail(400, 'InvalidRequest');

    if (method === 'PUT') {
      const body = await buffer(request);
      objects.set(key, {
        body,
        contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
      });
      response.writeHead(200, { etag: `"${body.length}"` });
      return response.end();
    }
    if (method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return fail(404, 'NoSuchKey');
      response.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: `"${object.body.length}"`,
        'last-modified': new Date().toUTCString(),
      });
      return response.end(method === 'GET' ? object.body : undefined);
    }
    return fail(405, 'MethodNotAllowed');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
