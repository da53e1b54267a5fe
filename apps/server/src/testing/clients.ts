import type { OnboardingFields } from '@app/domain/onboarding-fields';
import type { FastifyInstance } from 'fastify';
import { signInForTest } from './auth.ts';
import { pdfBytes } from './documents.ts';
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

/** Uploads a document through the real endpoint; answers its stored path and its address. */
export async function uploadDocument(
  app: FastifyInstance,
  headers: Record<string, string>,
  folder: 'resumes' | 'cover-letters',
  document: TestDocument,
): Promise<{ path: string; url: string }> {
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
  const { path, url } = response.json().data;
  return { path, url };
}

/** The resume a test client uploads unless the test names one. */
const DEFAULT_RESUME: TestDocument = { filename: 'cv.pdf', bytes: pdfBytes('Resume') };

/**
 * A client who signed in, uploaded their documents and finished onboarding, all through the real
 * endpoints, as the browser would. `resume: null` uploads none, which leaves onboarding unfinished
 * (a resume is required).
 */
export async function onboardClient(
  app: FastifyInstance,
  email: string,
  options: {
    record?: Partial<OnboardingFields>;
    resume?: TestDocument | null;
    coverLetter?: TestDocument;
    /** Saved without finishing, as the wizard saves each step (a record without a resume always is). */
    unfinished?: boolean;
    /** Someone already signed in (staff before the second factor, say) instead of a new sign-in. */
    signedIn?: { userId: string; authHeader: { authorization: string } };
  } = {},
): Promise<OnboardedClient> {
  const record = completeRecord({ email_address: email, ...options.record });
  const { userId, authHeader } =
    options.signedIn ??
    (await signInForTest(app, email, { firstName: record.first_name, lastName: record.last_name }));
  const resume = options.resume === undefined ? DEFAULT_RESUME : options.resume;
  const resumePath = resume ? (await uploadDocument(app, authHeader, 'resumes', resume)).path : null;
  const coverLetterPath = options.coverLetter
    ? (await uploadDocument(app, authHeader, 'cover-letters', options.coverLetter)).path
    : null;
  const response = await app.inject({
    method: 'POST',
    url: '/api/onboarding-submissions',
    headers: authHeader,
    payload: {
      ...record,
      resume: resumePath ?? '',
      cover_letter: coverLetterPath ?? '',
      ...(resumePath && !options.unfinished ? {} : { onboarding_completed: false }),
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`onboarding failed: ${response.statusCode} ${response.body}`);
  return { email, userId, headers: authHeader, resumePath, coverLetterPath };
}
