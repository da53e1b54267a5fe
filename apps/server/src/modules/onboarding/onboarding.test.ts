import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUIRED_FIELDS } from '@app/domain/onboarding-completeness';
import { ONBOARDING_FIELDS } from '@app/domain/onboarding-fields';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../../testing/auth.ts';
import { uploadDocument } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { docxBytes, pdfBytes } from '../../testing/documents.ts';
import { completeRecord } from '../../testing/onboarding-record.ts';
import { notOwnDocumentMessage } from './service.ts';

type Headers = { authorization: string };

async function signIn(app: FastifyInstance, email: string): Promise<{ userId: string; headers: Headers }> {
  const { accessToken, userId } = await signInForTest(app, email, { firstName: 'Test', lastName: 'User' });
  return { userId, headers: { authorization: `Bearer ${accessToken}` } };
}

/** The stored path of a resume the caller uploads. */
const uploadResume = async (app: FastifyInstance, headers: Headers, text = 'Resume') =>
  (await uploadDocument(app, headers, 'resumes', { filename: 'cv.pdf', bytes: pdfBytes(text) })).path;

describe.each(databaseKinds)('onboarding submissions on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    app = ctx.app;
  });
  afterAll(async () => ctx.close());

  const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });
  const post = (headers: Headers, payload: object) =>
    app.inject({ method: 'POST', url: '/api/onboarding-submissions', headers, payload });
  const put = (id: string, headers: Headers, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/onboarding-submissions/${id}`, headers, payload });

  it('answers 401 without a token on every endpoint', async () => {
    const calls = [
      app.inject({ method: 'GET', url: '/api/onboarding-submissions' }),
      app.inject({ method: 'GET', url: '/api/onboarding-submissions/check-complete' }),
      app.inject({ method: 'POST', url: '/api/onboarding-submissions', payload: {} }),
      app.inject({ method: 'PUT', url: '/api/onboarding-submissions/x', payload: {} }),
      app.inject({
        method: 'PUT',
        url: '/api/newsletter-subscription',
        payload: { subscribeToNewsletter: true },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual(expect.any(String));
    }
  });

  it('lists its endpoints in the OpenAPI document', async () => {
    const { paths } = (await app.inject('/api/docs/json')).json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/onboarding-submissions',
        '/api/onboarding-submissions/check-complete',
        '/api/onboarding-submissions/{id}',
        '/api/newsletter-subscription',
        '/api/file-upload',
        '/api/documents/download',
        '/api/onboarding-feedback',
      ]),
    );
  });

  it("shows the record's fields in the OpenAPI document as every onboarding route's request and answer", async () => {
    const { paths } = (await app.inject('/api/docs/json')).json();
    const fieldNames = ONBOARDING_FIELDS.map((field) => field.snake).sort();
    type RecordSchema = { properties: object };
    type Answer = { properties: { data: RecordSchema & { items: RecordSchema } } };
    const answerOf = (operation: {
      responses: { 200: { content: { 'application/json': { schema: Answer } } } };
    }) => operation.responses[200].content['application/json'].schema.properties;
    const answeredRecords = [
      answerOf(paths['/api/onboarding-submissions'].get).data.items,
      answerOf(paths['/api/onboarding-submissions/check-complete'].get).data,
      answerOf(paths['/api/onboarding-submissions'].post).data,
      answerOf(paths['/api/onboarding-submissions/{id}'].put).data,
      answerOf(paths['/api/newsletter-subscription'].put).data,
    ];
    for (const record of answeredRecords) {
      expect(Object.keys(record.properties).sort()).toEqual(
        [...fieldNames, 'created_at', 'id', 'updated_at', 'user_id'].sort(),
      );
    }

    for (const operation of [
      paths['/api/onboarding-submissions'].post,
      paths['/api/onboarding-submissions/{id}'].put,
    ]) {
      const body = operation.requestBody.content['application/json'].schema;
      expect(Object.keys(body.properties).sort()).toEqual(fieldNames);
      expect(body.properties.job_type.description).toBe('Job Type');
      expect(body.required ?? []).toEqual([]);
    }
  });

  it('starts with no record: an empty list and an incomplete profile missing every required field', async () => {
    const { headers } = await signIn(app, 'empty@example.com');
    expect((await get('/api/onboarding-submissions', headers)).json()).toEqual({ data: [] });
    const check = await get('/api/onboarding-submissions/check-complete', headers);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ isComplete: false, data: null, missingFields: [...REQUIRED_FIELDS] });
  });

  it('saves a partial record as snake_case with booleans and lists, owned by the caller whatever the body says', async () => {
    const { userId, headers } = await signIn(app, 'partial@example.com');
    const other = await signIn(app, 'someone-else@example.com');
    const response = await post(headers, {
      user_id: other.userId,
      userId: other.userId,
      id: 'chosen-by-client',
      created_at: '2000-01-01T00:00:00.000Z',
      first_name: 'Grace',
      last_name: 'Hopper',
      job_type: 'full-time, contract',
      ack_whatsapp: true,
      not_a_field: 'never stored',
    });
    expect(response.statusCode).toBe(200);
    const record = response.json().data;
    expect(record).toMatchObject({
      user_id: userId,
      first_name: 'Grace',
      last_name: 'Hopper',
      email_address: '',
      job_type: ['full-time', 'contract'],
      work_location_type: [],
      ack_whatsapp: true,
      ack_read_above: false,
      onboarding_completed: false,
    });
    expect(record.id).not.toBe('chosen-by-client');
    expect(record.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    expect(record).not.toHaveProperty('not_a_field');
    expect(Object.keys(record).sort()).toEqual(
      ['id', 'user_id', 'created_at', 'updated_at', ...ONBOARDING_FIELDS.map((f) => f.snake)].sort(),
    );
    expect((await get('/api/onboarding-submissions', other.headers)).json()).toEqual({ data: [] });
    expect((await get('/api/onboarding-submissions', headers)).json()).toEqual({ data: [record] });
  });

  it('keeps one record per user: a second POST updates the first, and racing POSTs still leave one', async () => {
    const { headers } = await signIn(app, 'twice@example.com');
    const first = (await post(headers, { first_name: 'One' })).json().data;
    const second = (await post(headers, { last_name: 'Two' })).json().data;
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ first_name: 'One', last_name: 'Two' });
    const untouched = await post(headers, {});
    expect(untouched.json().data).toMatchObject({ id: first.id, first_name: 'One', last_name: 'Two' });
    const cleared = await post(headers, { last_name: null, job_type: null });
    expect(cleared.json().data).toMatchObject({ first_name: 'One', last_name: '', job_type: [] });

    const racer = await signIn(app, 'racer@example.com');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => post(racer.headers, { city: `City ${index}` })),
    );
    expect(results.map((result) => result.statusCode)).toEqual(Array(6).fill(200));
    const list = (await get('/api/onboarding-submissions', racer.headers)).json().data;
    expect(list).toHaveLength(1);
    expect(new Set(results.map((result) => result.json().data.id))).toEqual(new Set([list[0].id]));
  });

  it('updates the own record with PUT and answers 404 for anyone else’s or an unknown id', async () => {
    const owner = await signIn(app, 'owner@example.com');
    const intruder = await signIn(app, 'intruder@example.com');
    const record = (await post(owner.headers, { first_name: 'Owner' })).json().data;

    const updated = await put(record.id, owner.headers, {
      ...record,
      userId: intruder.userId,
      city: 'Paris',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      id: record.id,
      user_id: owner.userId,
      first_name: 'Owner',
      city: 'Paris',
    });

    const stolen = await put(record.id, intruder.headers, { first_name: 'Intruder' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'Onboarding submission not found' });
    expect((await put('no-such-id', owner.headers, { city: 'x' })).statusCode).toBe(404);
    expect((await get('/api/onboarding-submissions', owner.headers)).json().data[0].first_name).toBe('Owner');
  });

  it('refuses a field that breaks its rule with the spec message, and keeps nothing of that save', async () => {
    const { headers } = await signIn(app, 'badphone@example.com');
    await post(headers, { first_name: 'Before' });
    const response = await post(headers, { first_name: 'After', phone_number: '555-1234' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Phone Number must be at least 10 digits',
      errors: [{ field: 'phone_number', message: 'Phone Number must be at least 10 digits' }],
    });
    const zip = await post(headers, { zip_code: '1', salary_expectation: 'lots' });
    expect(zip.statusCode).toBe(422);
    expect(zip.json().errors.map((issue: { message: string }) => issue.message)).toEqual([
      'Postal/ZIP Code must be 3-10 characters (letters, numbers, spaces, hyphens)',
      'Please enter a valid salary amount (e.g., $75,000 or 75000)',
    ]);
    expect((await get('/api/onboarding-submissions', headers)).json().data[0].first_name).toBe('Before');
  });

  it('a save of one changed field keeps every other answer, and a pasted +1 phone keeps its ten digits', async () => {
    const { headers } = await signIn(app, 'onefield@example.com');
    const created = (
      await post(headers, { first_name: 'Ada', city: 'London', job_type: ['contract'] })
    ).json();
    const changed = await put(created.data.id, headers, { phone_number: '+1 (555) 123-4567', userId: 'x' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      first_name: 'Ada',
      city: 'London',
      job_type: ['contract'],
      phone_number: '(555) 123-4567',
    });
  });

  it('refuses a body that is not an object with 422, and clears a field sent as null', async () => {
    const { headers } = await signIn(app, 'shapes@example.com');
    const list = await app.inject({
      method: 'POST',
      url: '/api/onboarding-submissions',
      headers,
      payload: [{ first_name: 'Ada' }],
    });
    expect(list.statusCode).toBe(422);
    expect(list.json()).toEqual({
      error: 'The submission must be an object',
      errors: [{ field: '', message: 'The submission must be an object' }],
    });

    await post(headers, { first_name: 'Ada', job_type: 'full-time, contract', ack_whatsapp: true });
    const cleared = await post(headers, { first_name: null, job_type: null, ack_whatsapp: null });
    expect(cleared.json().data).toMatchObject({ first_name: '', job_type: [], ack_whatsapp: false });
  });

  it('refuses completion while required fields are missing, listing them, and leaves the record unfinished', async () => {
    const { headers } = await signIn(app, 'early@example.com');
    const record = (
      await post(headers, completeRecord({ onboarding_completed: false, city: '', resume: '' }))
    ).json().data;
    const response = await put(record.id, headers, { onboarding_completed: true, ack_global_team: false });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Please complete all required fields',
      missingFields: ['city', 'resume', 'ack_global_team'],
    });
    const stored = (await get('/api/onboarding-submissions', headers)).json().data[0];
    expect(stored).toMatchObject({ onboarding_completed: false, ack_global_team: true });

    const viaPost = await post(headers, { onboarding_completed: true });
    expect(viaPost.statusCode).toBe(422);
    expect(viaPost.json().missingFields).toEqual(['city', 'resume']);

    // The whole form at once, as the wizard sends it.
    const wholeForm = await put(record.id, headers, completeRecord({ phone_number: '', resume: '' }));
    expect(wholeForm.statusCode).toBe(422);
    expect(wholeForm.json().missingFields).toEqual(['phone_number', 'resume']);
    // Job titles that are only commas name none.
    const noTitles = await put(record.id, headers, {
      city: 'Austin',
      top_job_titles: ' , ,',
      onboarding_completed: true,
    });
    expect(noTitles.statusCode).toBe(422);
    expect(noTitles.json().missingFields).toEqual(['resume', 'top_job_titles']);
    expect((await get('/api/onboarding-submissions', headers)).json().data[0]).toMatchObject({
      onboarding_completed: false,
      phone_number: '(555) 123-4567',
    });
  });

  it('stores every field of a finished record and reports the profile complete', async () => {
    const { userId, headers } = await signIn(app, 'complete@example.com');
    const resume = await uploadResume(app, headers);
    const saved = await post(headers, completeRecord({ resume }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      ...completeRecord({ resume }),
      id: expect.any(String),
      user_id: userId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const check = (await get('/api/onboarding-submissions/check-complete', headers)).json();
    expect(check).toEqual({ isComplete: true, data: saved.json().data, missingFields: [] });

    // A finished record stays finished: clearing a required field is refused.
    const cleared = await put(saved.json().data.id, headers, { signature: '' });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().missingFields).toEqual(['signature']);
  });

  it('reports a partial record incomplete with its missing fields', async () => {
    const { headers } = await signIn(app, 'halfway@example.com');
    const resume = await uploadResume(app, headers);
    await post(headers, completeRecord({ resume, onboarding_completed: false, signature: '', job_type: [] }));
    const check = (await get('/api/onboarding-submissions/check-complete', headers)).json();
    expect(check.isComplete).toBe(false);
    expect(check.missingFields).toEqual(['job_type', 'signature', 'onboarding_completed']);
    expect(check.data.first_name).toBe('Ada');
  });
});

describe.each(databaseKinds)('the documents a record points at, on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    app = ctx.app;
  });
  afterAll(async () => ctx.close());

  const save = (headers: Headers, changes: object) =>
    app.inject({ method: 'POST', url: '/api/onboarding-submissions', headers, payload: changes });
  const download = (headers: Headers, path: string) =>
    app.inject({ url: `/api/documents/download?path=${encodeURIComponent(path)}`, headers });
  const stored = (path: string) => existsSync(join(ctx.config.dataDir, 'storage', 'documents', path));

  it("accepts the caller's own stored documents, as paths or as the URLs uploads answer with", async () => {
    const { headers } = await signIn(app, 'owner@example.com');
    const resume = await uploadResume(app, headers);
    const { path: coverLetter } = await uploadDocument(app, headers, 'cover-letters', {
      filename: 'letter.docx',
      bytes: docxBytes(),
    });
    const url = `${ctx.config.publicUrl}/api/storage/public/documents/${coverLetter}`;
    const saved = await save(headers, { resume, cover_letter: url });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ resume, cover_letter: url });
  });

  it("refuses with 422 another user's document, a made-up path and a path whose file is gone", async () => {
    const owner = await signIn(app, 'first@example.com');
    const other = await signIn(app, 'second@example.com');
    const othersResume = await uploadResume(app, other.headers);
    const vanished = await uploadResume(app, owner.headers);
    rmSync(join(ctx.config.dataDir, 'storage', 'documents', vanished));
    const refusals = [
      ['resume', othersResume],
      ['cover_letter', othersResume],
      ['resume', `resumes/${owner.userId}/00000000-0000-4000-8000-000000000000-made-up.pdf`],
      ['resume', '../../etc/passwd'],
      ['resume', vanished],
    ] as const;
    for (const [field, value] of refusals) {
      const response = await save(owner.headers, { first_name: 'Kept out', [field]: value });
      expect(response.statusCode, `${field} = ${value}`).toBe(422);
      expect(response.json()).toEqual({
        error: notOwnDocumentMessage(field),
        errors: [{ field, message: notOwnDocumentMessage(field) }],
      });
    }
    expect(notOwnDocumentMessage('resume')).toBe(
      'Resume must be a document you uploaded. Please upload it again.',
    );
    // Nothing of a refused save is kept, and the other user's file is untouched.
    const records = await app.inject({ url: '/api/onboarding-submissions', headers: owner.headers });
    expect(records.json()).toEqual({ data: [] });
    expect((await download(other.headers, othersResume)).statusCode).toBe(200);
  });

  it('deletes a replaced or removed document, unless the other field still points at it', async () => {
    const { headers } = await signIn(app, 'replacer@example.com');
    const first = await uploadResume(app, headers, 'First');
    const second = await uploadResume(app, headers, 'Second');
    expect((await save(headers, { resume: first, cover_letter: first })).statusCode).toBe(200);

    // The resume moves on; the cover letter still points at the first file, so it stays.
    expect((await save(headers, { resume: second })).statusCode).toBe(200);
    expect(stored(first)).toBe(true);
    expect((await download(headers, first)).statusCode).toBe(200);

    // Removing the cover letter too leaves nothing pointing at the first file: it is deleted.
    expect((await save(headers, { cover_letter: '' })).statusCode).toBe(200);
    expect(stored(first)).toBe(false);
    expect((await download(headers, first)).statusCode).toBe(404);
    expect(stored(second)).toBe(true);
    // A deleted document can no longer be named.
    expect((await save(headers, { cover_letter: first })).statusCode).toBe(422);
  });

  it('queues the file of a replaced document the storage would not delete, for the sweep to delete', async () => {
    const { headers } = await signIn(app, 'stuck@example.com');
    const first = await uploadResume(app, headers, 'First');
    const second = await uploadResume(app, headers, 'Second');
    expect((await save(headers, { resume: first })).statusCode).toBe(200);
    // A directory where the file was: the local store cannot delete it, as S3 might refuse.
    const file = join(ctx.config.dataDir, 'storage', 'documents', first);
    rmSync(file);
    mkdirSync(join(file, 'held'), { recursive: true });

    expect((await save(headers, { resume: second })).statusCode).toBe(200);
    const row = await app.db.kysely
      .selectFrom('documents')
      .select('path')
      .where('path', '=', first)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const queued = await app.db.kysely
      .selectFrom('storage_deletions')
      .select('path')
      .where('path', '=', first)
      .execute();
    expect(queued).toEqual([{ path: first }]);

    // The storage accepts again: the queue's sweep deletes the file.
    rmSync(file, { recursive: true });
    writeFileSync(file, 'refused before');
    await app.storedFiles.sweepQueuedDeletions();
    expect(existsSync(file)).toBe(false);
  });

  it('keeps a replaced document that an e-mail waiting to be sent attaches', async () => {
    const { userId, headers } = await signIn(app, 'mailed@example.com');
    const { path: attached } = await uploadDocument(app, headers, 'resumes', {
      filename: 'my_cv%.pdf',
      bytes: pdfBytes(),
    });
    const next = await uploadResume(app, headers, 'Next');
    expect((await save(headers, { resume: attached })).statusCode).toBe(200);
    const now = new Date().toISOString();
    await app.db.kysely
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        kind: 'team_notification',
        client_id: userId,
        client_email: 'mailed@example.com',
        recipient: 'team@company.test',
        subject: 'New client',
        html: '<p>New client</p>',
        text: 'New client',
        attachments: JSON.stringify([
          { key: attached, filename: 'my_cv%.pdf', content_type: 'application/pdf' },
        ]),
        status: 'queued',
        attempts: 0,
        last_error: null,
        next_attempt_at: '2999-01-01T00:00:00.000Z',
        created_at: now,
        updated_at: now,
        sent_at: null,
      })
      .execute();
    expect((await save(headers, { resume: next })).statusCode).toBe(200);
    expect(stored(attached)).toBe(true);
  });
});

describe.each(databaseKinds)('newsletter subscription on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const setNewsletter = (headers: Headers, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/newsletter-subscription', headers, payload });

  it('creates the record when missing and switches the subscription both ways', async () => {
    const { userId, headers } = await signIn(ctx.app, 'reader@example.com');
    const on = await setNewsletter(headers, { subscribeToNewsletter: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      data: { user_id: userId, subscribe_to_newsletter: true, onboarding_completed: false },
      message: 'Newsletter subscription enabled successfully',
    });
    const off = await setNewsletter(headers, { subscribeToNewsletter: false });
    expect(off.json()).toMatchObject({
      data: { id: on.json().data.id, subscribe_to_newsletter: false },
      message: 'Newsletter subscription disabled successfully',
    });
  });

  it('answers 400 when the switch is not a boolean', async () => {
    const { headers } = await signIn(ctx.app, 'typo@example.com');
    const response = await setNewsletter(headers, { subscribeToNewsletter: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('subscribeToNewsletter');
  });
});
