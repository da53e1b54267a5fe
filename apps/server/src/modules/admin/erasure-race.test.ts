import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import { GONE_MEANWHILE_MESSAGE } from '../../errors.ts';
import { openStorage } from '../../storage/open-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { signInForTest } from '../../testing/auth.ts';
import { onboardClient } from '../../testing/clients.ts';
import { createTestApp, databaseKinds } from '../../testing/databases.ts';
import { rowsHolding } from '../../testing/rows-holding.ts';
import { createTestSmtpServer, type TestSmtpServer } from '../../testing/smtp.ts';
import { accountRepo } from '../account/repo.ts';
import { type Actor, createActivityService, staffActor } from '../activity/service.ts';
import { createClientsService } from '../clients/service.ts';
import { createFilesService } from '../files/service.ts';
import { createFiltersService } from '../filters/service.ts';
import { createMailer, type Mailer } from '../mail/service.ts';
import { createOnboardingService } from '../onboarding/service.ts';
import { type AdminService, createAdminService } from './service.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Staff actions on a client whose account is erased while they run (decision 037): the admin
 * service as the app builds it, from the real services on the app's database and a real SMTP
 * server, with two seams a test can step into: just after an action has read the client's
 * onboarding record, and while a message is being sent (as its attachments are read).
 */
describe.each(databaseKinds)('staff actions racing an account erasure on %s', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let admin: AdminService;
  let staff: Actor;
  /** Run once an action has read the client's onboarding record, before it writes anything. */
  let afterLookup: (() => Promise<void>) | undefined;
  /** Run as a message being sent has its attachments read, after it was stored. */
  let duringDelivery: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    await smtp.start();
    ({ app, close } = await createTestApp(kind, { BRAND_NAME: 'Northstar Careers' }));
    const config = { ...app.config, smtpUrl: smtp.url, teamNotificationEmail: 'recruiting@company.test' };
    const storage = openStorage(config.storageUrl);
    const sendingStorage: Storage = {
      put: (key, body, contentType) => storage.put(key, body, contentType),
      get: async (key) => {
        await duringDelivery?.();
        return storage.get(key);
      },
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      removeLeftovers: (olderThanMs) => storage.removeLeftovers(olderThanMs),
    };
    const files = createFilesService(app.db, storage, config.publicUrl, systemClock, app.log);
    const onboarding = createOnboardingService(app.db, files, app.log);
    mailer = createMailer({ db: app.db, storage: sendingStorage, config, clock: systemClock, log: app.log });
    admin = createAdminService({
      config,
      mailer,
      filters: createFiltersService(app.db),
      clients: createClientsService(app.db.kysely),
      onboarding: {
        ...onboarding,
        findOwn: async (userId) => {
          const record = await onboarding.findOwn(userId);
          await afterLookup?.();
          return record;
        },
      },
      files,
      activity: createActivityService(app.db.kysely),
    });
    const lead = await signInForTest(app, 'lead@company.test');
    staff = staffActor({ id: lead.userId, email: 'lead@company.test' });
  });

  afterEach(() => {
    afterLookup = undefined;
    duringDelivery = undefined;
    smtp.received.length = 0;
  });

  afterAll(async () => {
    await mailer.stop();
    await smtp.stop();
    await close();
  });

  /**
   * Runs `action` with the client's account erased in the middle: the erasure starts once the
   * action has looked the client up, and is held open, every row deleted and the user's row taken,
   * while the action goes on (on PostgreSQL it waits on that row, on SQLite on the one connection),
   * then commits. Answers how the action ended.
   */
  async function withErasureMidway<T>(userId: string, action: () => Promise<T>) {
    const erasing = Promise.withResolvers<void>();
    const release = Promise.withResolvers<void>();
    let erasure: Promise<unknown> = Promise.resolve();
    afterLookup = async () => {
      afterLookup = undefined;
      erasure = accountRepo(app.db).erase(userId, async () => {
        erasing.resolve();
        await release.promise;
      });
      await erasing.promise;
    };
    const settled = Promise.allSettled([action()]);
    await erasing.promise;
    await pause(300);
    release.resolve();
    await erasure;
    const [outcome] = await settled;
    return outcome;
  }

  const goneMeanwhile = { status: 'rejected', reason: { statusCode: 404, message: GONE_MEANWHILE_MESSAGE } };

  it('a welcome e-mail sent as the client erases their account answers 404, stores nothing and sends nothing', async () => {
    const { userId } = await onboardClient(app, 'ada@example.com');

    const outcome = await withErasureMidway(userId, () => admin.sendWelcome(staff, { clientId: userId }));

    expect(outcome).toMatchObject(goneMeanwhile);
    // No filters, no outbox message, no activity line.
    expect(await rowsHolding(app.db, userId)).toEqual([]);
    await pause(200);
    expect(smtp.received).toEqual([]);
  });

  it('a batch of welcome e-mails answers a client erasing their account meanwhile as not sent, storing nothing', async () => {
    const { userId } = await onboardClient(app, 'grace@example.com');

    const outcome = await withErasureMidway(userId, () =>
      admin.queueWelcomeForEach(staff, [userId], app.log),
    );

    expect(outcome).toEqual({
      status: 'fulfilled',
      value: [{ client_id: userId, outcome: 'not_sent', message: GONE_MEANWHILE_MESSAGE }],
    });
    expect(await rowsHolding(app.db, userId)).toEqual([]);
  });

  it('a team notification about a client erasing their account answers 404 and is neither stored nor sent', async () => {
    const { userId } = await onboardClient(app, 'hedy@example.com');

    const outcome = await withErasureMidway(userId, () =>
      admin.sendTeamNotification(staff, { clientId: userId }),
    );

    expect(outcome).toMatchObject(goneMeanwhile);
    expect(await rowsHolding(app.db, userId)).toEqual([]);
    await pause(200);
    expect(smtp.received).toEqual([]);
  });

  it('filters saved as the client erases their account answer 404 and are not kept', async () => {
    const { userId } = await onboardClient(app, 'radia@example.com');
    const { formatted_data } = await admin.generateFilters(staff, { clientId: userId });

    const outcome = await withErasureMidway(userId, () =>
      admin.saveFilters(staff, { clientId: userId }, formatted_data),
    );

    expect(outcome).toMatchObject(goneMeanwhile);
    expect(await rowsHolding(app.db, userId)).toEqual([]);
  });

  it.each<[string, (userId: string) => Promise<unknown>]>([
    ['filters generated', (userId) => admin.generateFilters(staff, { clientId: userId })],
    ['the client page opened', (userId) => admin.clientPage(staff, userId)],
  ])('%s as the client erases their account leave no activity line behind', async (_name, action) => {
    const { userId } = await onboardClient(app, `line-${Math.random().toString(36).slice(2, 8)}@example.com`);

    await withErasureMidway(userId, () => action(userId));

    // Whatever the action answered from what it had read, no line names the erased client.
    expect(await rowsHolding(app.db, userId)).toEqual([]);
  });

  it('a message whose client is erased while it is being sent goes, and leaves no activity line behind', async () => {
    const { userId } = await onboardClient(app, 'mary@example.com');
    duringDelivery = async () => {
      duringDelivery = undefined;
      await accountRepo(app.db).erase(userId, async () => {});
    };

    const answer = await admin.sendTeamNotification(staff, { clientId: userId });

    // Stored before the erasure, the message went (the erasure deleted it from the outbox); the
    // line that it went would have outlived the client.
    expect(answer.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    expect(await rowsHolding(app.db, userId)).toEqual([]);
  });
});
