import type { FastifyInstance } from 'fastify';
import { registerAuth } from './auth/plugin.ts';
import type { Clock } from './clock.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { createAccountService } from './modules/account/service.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { createActivityService } from './modules/activity/service.ts';
import { createBoard } from './modules/admin/board.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createAdminService } from './modules/admin/service.ts';
import { clientsRoutes } from './modules/clients/routes.ts';
import { createClientsService } from './modules/clients/service.ts';
import { companiesToAvoidRoutes } from './modules/companies-to-avoid/routes.ts';
import { createAvoidedCompaniesService } from './modules/companies-to-avoid/service.ts';
import { documentLinkKey } from './modules/document-links/link-token.ts';
import { documentLinkRoutes } from './modules/document-links/routes.ts';
import { createDocumentLinksService } from './modules/document-links/service.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { createFeedbackService } from './modules/feedback/service.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { createFilesService } from './modules/files/service.ts';
import { filtersRoutes } from './modules/filters/routes.ts';
import { createFiltersService } from './modules/filters/service.ts';
import { jobsRoutes } from './modules/jobs/routes.ts';
import { jobsService } from './modules/jobs/service.ts';
import { staffJobsRoutes } from './modules/jobs/staff-routes.ts';
import { staffJobsService } from './modules/jobs/staff-service.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { createMailer } from './modules/mail/service.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { createOnboardingService } from './modules/onboarding/service.ts';
import { publicConfigRoutes } from './modules/public-config/routes.ts';
import { weeklySummaryRoutes } from './modules/weekly-summary/routes.ts';
import { createWeeklySummaryService } from './modules/weekly-summary/service.ts';
import {
  listUnsubscribeHeaders,
  unsubscribeKey as makeUnsubscribeKey,
  unsubscribeUrl,
} from './modules/weekly-summary/unsubscribe.ts';
import { openStorage } from './storage/open-storage.ts';

/** An unfinished write this old belongs to no upload still running, on this instance or another. */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/**
 * The composition root: storage, the mailer and every service are built once here and handed to
 * the route plugins that need them, and each module registers its routes here,
 * in one place, so the route table (and the access matrix test built from it) is easy to read.
 * Services whose behaviour depends on the time read it from `clock` (tests move it).
 */
export async function registerModules(app: FastifyInstance, clock: Clock): Promise<void> {
  const { config, db } = app;
  const storage = openStorage(config.storageUrl);
  const leftovers = await storage.removeLeftovers(LEFTOVER_AGE_MS);
  if (leftovers > 0) app.log.info({ removed: leftovers }, 'removed files of interrupted uploads');
  // Whose work is whose: sign-in hands a pending client's work to its user, staff name clients.
  const clients = createClientsService(db.kysely);
  // Every staff action on client data, and the client's own decisions and notes (decision 030).
  const activity = createActivityService(db.kysely);
  const filters = createFiltersService(db);
  const jobs = jobsService(db);
  const staffJobs = staffJobsService(db, clients);
  const files = createFilesService(db, storage, config.publicUrl, clock, app.log, config.storageQuotaBytes);
  const onboarding = createOnboardingService(db, files, app.log);
  app.decorate('storedFiles', {
    sweepQueuedDeletions: files.sweepQueuedDeletions,
    sweepForgottenUploads: files.sweepForgottenUploads,
  });
  // The companies each client never wants to be put forward to; imports honour them too.
  const avoided = createAvoidedCompaniesService(db.kysely);
  // The outbox sender is shared: admin calls send through it, and it retries in the background.
  const unsubscribeKey = makeUnsubscribeKey(config);
  const mailer = createMailer({
    db,
    storage,
    config,
    clock,
    log: app.log,
    // The weekly summary carries its one-click unsubscribe (RFC 8058), made when it is sent.
    headersFor: (message) =>
      message.kind === 'weekly_summary' && message.client_id
        ? listUnsubscribeHeaders(unsubscribeUrl(config.publicUrl, unsubscribeKey, message.client_id))
        : undefined,
  });
  const weeklySummary = createWeeklySummaryService({
    db,
    mailer,
    clock,
    config,
    unsubscribeKey,
    log: app.log,
  });
  app.decorate('weeklySummary', weeklySummary);
  // Signed, expiring download links to a person's documents (decision 004).
  const documentLinks = createDocumentLinksService({
    files,
    publicUrl: config.publicUrl,
    key: documentLinkKey(config),
    clock,
  });
  const feedback = createFeedbackService(db);
  const admin = createAdminService({ config, mailer, clients, filters, onboarding, files, activity });
  // The staff clients board: a read model over the other areas' tables (decision 031).
  const board = createBoard({
    db: db.kysely,
    staffEmailDomain: config.staffEmailDomain,
    onboarding,
    now: () => new Date(clock.now()),
  });

  // First: its guard makes every route below require an access token unless marked public.
  await registerAuth(app, { clients, activity, clock });
  await app.register(publicConfigRoutes);
  await app.register(onboardingRoutes, { onboarding });
  await app.register(newsletterRoutes, { onboarding });
  await app.register(fileRoutes, { files, activity });
  await app.register(documentLinkRoutes, { links: documentLinks, activity });
  await app.register(feedbackRoutes, { feedback });
  await app.register(clientsRoutes, { clients });
  await app.register(jobsRoutes, { jobs, clients, activity, clock });
  await app.register(staffJobsRoutes, { jobs, staffJobs, activity });
  await app.register(mailRoutes, { mailer, activity });
  await app.register(adminRoutes, { admin, board });
  const account = createAccountService({
    db,
    files,
    sessions: app.auth.sessions,
    activity,
    onboarding,
    avoided,
    jobs,
    filters,
    publicUrl: config.publicUrl,
    clock,
  });
  await app.register(accountRoutes, { account });
  await app.register(weeklySummaryRoutes, { weeklySummary, unsubscribeKey });
  await app.register(companiesToAvoidRoutes, { avoided, onboarding, clients, clock });
  await app.register(filtersRoutes, { filters, activity });
  await app.register(activityRoutes, { activity });
}
