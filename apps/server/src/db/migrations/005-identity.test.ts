import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, databaseMigratedTo } from '../../testing/databases.ts';
import { type Db, migrateToLatest } from '../database.ts';

const NOW = '2024-11-01T00:00:00.000Z';

describe.each(databaseKinds)('migration 005 on %s: e-mails become client ids', (kind) => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('gives work to the user with that e-mail, or to a pending client, and keeps every row', async () => {
    ({ db, close } = await databaseMigratedTo(kind, '004-mail-and-filters'));

    // The schema as it was: jobs, filters and e-mails by client e-mail.
    const legacy = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await legacy
      .insertInto('users')
      .values({
        id: 'u-ada',
        email: 'ada@example.com',
        email_verified: true,
        first_name: 'Ada',
        last_name: '',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    const job = (id: string, email: string, userId: string | null) => ({
      id,
      client_email: email,
      user_id: userId,
      job_uid: id,
      created_at: NOW,
      updated_at: NOW,
    });
    await legacy
      .insertInto('jobs')
      .values([
        job('linked', 'ada@example.com', 'u-ada'),
        job('not-yet-linked', 'ada@example.com', null),
        job('invited', 'new@example.com', null),
      ])
      .execute();
    await legacy
      .insertInto('job_list_versions')
      .values({ client_email: 'ada@example.com', version: 7 })
      .execute();
    await legacy
      .insertInto('job_search_filters')
      .values({
        id: 'f-1',
        client_email: 'filters-only@example.com',
        name: 'X',
        query: 'X',
        filters: '{}',
        date_saved: NOW,
        position: 0,
        updated_at: NOW,
      })
      .execute();
    await legacy
      .insertInto('mail_outbox')
      .values({
        id: 'm-1',
        kind: 'welcome',
        client_email: 'ada@example.com',
        recipient: 'ada@example.com',
        subject: 'Hi',
        html: '',
        text: '',
        attachments: '[]',
        status: 'queued',
        attempts: 0,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();

    await migrateToLatest(db);

    const pending = await db.kysely
      .selectFrom('pending_clients')
      .select(['id', 'email'])
      .orderBy('email')
      .execute();
    expect(pending.map((row) => row.email)).toEqual(['filters-only@example.com', 'new@example.com']);
    const pendingId = (email: string) => pending.find((row) => row.email === email)!.id;
    const jobs = await db.kysely.selectFrom('jobs').select(['id', 'client_id']).orderBy('id').execute();
    expect(jobs).toEqual([
      { id: 'invited', client_id: pendingId('new@example.com') },
      { id: 'linked', client_id: 'u-ada' },
      { id: 'not-yet-linked', client_id: 'u-ada' },
    ]);
    expect(await db.kysely.selectFrom('job_list_versions').selectAll().execute()).toEqual([]);
    expect(
      await db.kysely.selectFrom('job_search_filters').select(['id', 'client_id', 'client_email']).execute(),
    ).toEqual([
      {
        id: 'f-1',
        client_id: pendingId('filters-only@example.com'),
        client_email: 'filters-only@example.com',
      },
    ]);
    expect(await db.kysely.selectFrom('mail_outbox').select(['id', 'client_id']).execute()).toEqual([
      { id: 'm-1', client_id: 'u-ada' },
    ]);
    // A client has each job_uid once.
    await expect(
      db.kysely
        .insertInto('jobs')
        .values({ id: 'twin', client_id: 'u-ada', job_uid: 'linked', created_at: NOW, updated_at: NOW })
        .execute(),
    ).rejects.toThrow();
  });
});
