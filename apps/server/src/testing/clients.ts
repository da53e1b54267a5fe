import type { OnboardingFields } from '@app/domain/onboarding-fields';
import type { FastifyInstance } from 'fastify';
import { signInForTest } from './auth.ts';
import { completeRecord } from './onboarding-record.ts';

export interface TestDocument {
  filename: string;
  bytes: Buffer;
}

export interface OnboardedClient {
  email: string;
  userId: string;
  headers: { authorization: string };
  /** Stored paths of the uploaded documents. */
  resumePath: string | null;
  coverLetterPath: string | null;
}

const BOUNDARY = '----client-fixture-boundary';

async function upload(
  app: FastifyInstance,
  headers: { authorization: string },
  folder: 'resumes' | 'cover-letters',
  document: TestDocument,
): Promise<string> {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="folder"\r\n\r\n${folder}\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${document.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    document.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/file-upload',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data.path;
}

/**
 * A client who signed in, uploaded their documents and finished onboarding, all through the real
 * endpoints, as the browser would.
 */
export async function onboardClient(
  app: FastifyInstance,
  email: string,
  options: { record?: Partial<OnboardingFields>; resume?: TestDocument; coverLetter?: TestDocument } = {},
): Promise<OnboardedClient> {
  const record = completeRecord({ email_address: email, ...options.record });
  const { userId, authHeader } = await signInForTest(app, email, {
    firstName: record.first_name,
    lastName: record.last_name,
  });
  const resumePath = options.resume ? await upload(app, authHeader, 'resumes', options.resume) : null;
  const coverLetterPath = options.coverLetter
    ? await upload(app, authHeader, 'cover-letters', options.coverLetter)
    : null;
  const response = await app.inject({
    method: 'POST',
    url: '/api/onboarding-submissions',
    headers: authHeader,
    payload: { ...record, resume: resumePath ?? record.resume, cover_letter: coverLetterPath ?? '' },
  });
  if (response.statusCode !== 200)
    throw new Error(`onboarding failed: ${response.statusCode} ${response.body}`);
  return { email, userId, headers: authHeader, resumePath, coverLetterPath };
}
