import {
  type AdminRecord,
  adminRecordSchema,
  CLIENT_NOT_FOUND_MESSAGE,
  EMPTY_EMAIL_MESSAGE,
} from '@app/domain/admin-email';
import { FILTERS_CHANGED_MESSAGE, NOT_STARTED_MESSAGE, type ReplacedFilters } from '@app/domain/client-page';
import { CLIENT_ID_NOT_FOUND_MESSAGE, type ClientMatch, type ClientRef } from '@app/domain/clients-api';
import { WELCOME_ERROR_MESSAGE, type WelcomeBatchResult } from '@app/domain/clients-board';
import { normalizeEmail } from '@app/domain/email-address';
import {
  formatFiltersForSaving,
  formattedFiltersSchema,
  generateJobFilters,
  NO_QUERIES_MESSAGE,
  type SavedFilter,
} from '@app/domain/job-filters';
import { checkCompleteness } from '@app/domain/onboarding-completeness';
import type { OnboardingRecord } from '@app/domain/onboarding-fields';
import { resumeStep } from '@app/domain/onboarding-rules';
import { displayFileName, normalizeDocumentPath } from '@app/domain/profile-display';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { nowIso, requireClientStillThere } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { BadRequest, Conflict, HttpError, NotFound } from '../../errors.ts';
import type { ActivityService, Actor } from '../activity/service.ts';
import type { ClientsService } from '../clients/service.ts';
import type { FilesService } from '../files/service.ts';
import type { FiltersService } from '../filters/service.ts';
import type { AttachmentRef, Delivery, Mailer, OutgoingEmail } from '../mail/service.ts';
import type { OnboardingService } from '../onboarding/service.ts';
import { composeTeamNotification, composeWelcome, teamAddress } from './emails.ts';

export const FILTERS_ALREADY_EXIST_MESSAGE = 'Job filters already exist for this client';
/** Opening the same client again within this time is the same visit, logged once. */
const VISIT_WINDOW_MS = 30 * 60 * 1000;
export const NO_DOCUMENT_MESSAGE = 'This client has not uploaded that document';

interface Client {
  /** Who the e-mail resolved to, and what it matched; part of every answer. */
  resolved: { client: ClientRef; matched: ClientMatch };
  id: string;
  email: string;
  record: OnboardingRecord;
  view: AdminRecord;
  /** Titles of the onboarding sections still missing something; empty when onboarding is complete. */
  missingSections: string[];
}

/** Which client an action is for: by sign-in e-mail (the spec's search) or by id (the client page). */
export interface ClientTarget {
  email?: string | undefined;
  clientId?: string | undefined;
}

/**
 * The admin view of a record: the fields of "Admin onboarding record" (the schema drops the rest),
 * document names without links.
 */
function toAdminRecord(record: OnboardingRecord): AdminRecord {
  const documentName = (value: string) => (normalizeDocumentPath(value) ? displayFileName(value) : null);
  return adminRecordSchema.parse({
    ...record,
    resume_name: documentName(record.resume),
    cover_letter_name: documentName(record.cover_letter),
  });
}

/** What the admin answer says about a message: sent, or where it waits and why. Never more than is true. */
export function deliveryMessage(
  what: string,
  recipient: string,
  delivery: Delivery,
  smtpConfigured: boolean,
): string {
  if (delivery.status === 'sent') return `${what} sent to ${recipient}`;
  if (!smtpConfigured) return `${what} to ${recipient} saved to the outbox, not sent (SMTP not configured)`;
  if (delivery.status === 'failed') {
    return `${what} to ${recipient} was refused by the mail server and will not be retried: ${delivery.reason}`;
  }
  if (delivery.reason === null) return `${what} to ${recipient} is in the outbox and will be sent shortly`;
  return `${what} to ${recipient} is queued and will be retried (last attempt failed: ${delivery.reason})`;
}

/** The staff console's one call: look a client up, preview and send their e-mails, and manage filters. */
export function createAdminService(deps: {
  config: Config;
  mailer: Mailer;
  filters: FiltersService;
  clients: ClientsService;
  onboarding: OnboardingService;
  files: FilesService;
  activity: ActivityService;
}) {
  const { config, mailer, filters, clients, onboarding, files, activity } = deps;

  /** The client an id names, or what an e-mail names as the spec's search does; 404 for neither. */
  async function resolve(target: ClientTarget): Promise<{ client: ClientRef; matched: ClientMatch }> {
    if (target.clientId) {
      const client = await clients.findById(target.clientId);
      if (!client) throw NotFound(CLIENT_ID_NOT_FOUND_MESSAGE);
      return { client, matched: 'client_id' };
    }
    const email = normalizeEmail(target.email ?? '');
    if (email === '') throw BadRequest(EMPTY_EMAIL_MESSAGE);
    const found = await clients.findByEmail(email);
    if (!found) throw NotFound(CLIENT_NOT_FOUND_MESSAGE);
    return found;
  }

  /**
   * The client with this id or sign-in e-mail (never the e-mail someone typed into their form), with
   * their onboarding record. Without a record (a pending client, or a user who has not started), the
   * answer says why nothing can be done yet: the client exists, so 'not found' would mislead.
   */
  async function loadClient(target: ClientTarget): Promise<Client> {
    const { client, matched } = await resolve(target);
    const record = client.kind === 'user' ? await onboarding.findOwn(client.id) : undefined;
    if (!record) throw Conflict(NOT_STARTED_MESSAGE);
    return {
      resolved: { client, matched },
      id: client.id,
      email: client.email,
      record,
      view: toAdminRecord(record),
      missingSections: checkCompleteness(record).missingBySection.map((section) => section.section),
    };
  }

  type Action = Parameters<ActivityService['record']>[0]['action'];
  /** A line for what changed nothing. */
  const log = (actor: Actor, client: { id: string }, action: Action, detail?: Record<string, unknown>) =>
    activity.record({ actor, clientId: client.id, action, detail });
  /** A line in the transaction of the change it describes. */
  const logIn = (
    trx: Kysely<Database>,
    actor: Actor,
    client: { id: string },
    action: Action,
    detail?: Record<string, unknown>,
  ) => activity.recordIn(trx, { actor, clientId: client.id, action, detail });

  /** The client's own resume and cover letter that are really in storage, ready to attach. */
  async function attachmentsOf(client: Client): Promise<AttachmentRef[]> {
    const refs: AttachmentRef[] = [];
    for (const value of [client.record.resume, client.record.cover_letter]) {
      const attachment = await files.attachableDocument(client.record.user_id, value);
      if (attachment) refs.push(attachment);
    }
    return refs;
  }

  async function teamEmailFor(client: Client, attachments: AttachmentRef[]) {
    return composeTeamNotification(config, {
      clientEmail: client.email,
      record: client.view,
      filters: generateJobFilters(client.record),
      savedFilters: await filters.listFor(client.id),
      missingSections: client.missingSections,
      attachments: attachments.map((attachment) => attachment.filename),
    });
  }

  /**
   * Saves the filters generated from the record when the client has none yet, with their activity
   * line, in the transaction `trx`; their ids when it did.
   */
  async function ensureFilters(trx: Kysely<Database>, actor: Actor, client: Client): Promise<string[]> {
    const formatted = formatFiltersForSaving(generateJobFilters(client.record), nowIso());
    if (formatted.length === 0) return [];
    const ids = await filters.saveFirstSet(
      client,
      formatted,
      (trx, ids) =>
        logIn(trx, actor, client, 'filters.saved', {
          filter_ids: ids,
          count: ids.length,
          summary: `${ids.length} generated, with the welcome e-mail`,
        }),
      trx,
    );
    return ids ?? [];
  }

  /** The (possibly edited) draft as staff sent it, checked by the domain's schema. */
  function parseDraft(formattedData: unknown) {
    if (Array.isArray(formattedData) && formattedData.length === 0) throw BadRequest(NO_QUERIES_MESSAGE);
    const parsed = formattedFiltersSchema.safeParse(formattedData);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
      throw BadRequest(`Invalid formatted_data${where}: ${issue?.message ?? 'is invalid'}`);
    }
    return parsed.data;
  }

  const kindLabel = { welcome: 'Welcome e-mail', team_notification: 'Team notification' } as const;

  /**
   * The activity line of a message whose outcome is known. The message went (or waits) whatever the
   * log says, so a refused line never turns the answer into an error that invites a second send: the
   * mailer writes it again in the background (decision 007).
   */
  async function logSent(actor: Actor, client: Client, kind: keyof typeof kindLabel, delivery: Delivery) {
    await mailer.recordOutcome({
      outboxId: delivery.id,
      // The client may have erased their account since the message was stored: then no line.
      clientId: client.id,
      write: (db) =>
        logIn(db, actor, client, 'email.sent', {
          kind,
          outbox_id: delivery.id,
          status: delivery.status,
          onboarding_complete: client.missingSections.length === 0,
          summary: `${kindLabel[kind]}, ${delivery.status}`,
        }),
      notYet: 'e-mail activity line not written yet',
      never: 'e-mail activity line never written',
    });
  }

  /**
   * Welcome e-mail to the client; their filters are created too if staff have not saved any yet.
   * A client who has not finished onboarding gets the version that asks them to finish it. `deliver`
   * says whether the SMTP server is tried within the call (one client) or the outbox's sender
   * takes it (many at once). The filters and the message are stored together, in a transaction that
   * first makes sure the client is still there: a client who erased their account since they were
   * looked up gets nothing (404), neither rows under their id nor the e-mail.
   */
  async function writeWelcome(actor: Actor, target: ClientTarget, deliver: 'now' | 'from_outbox') {
    const client = await loadClient(target);
    const welcome = await composeWelcome(config, client.view, client.missingSections.length === 0);
    const email: OutgoingEmail = {
      kind: 'welcome',
      client,
      to: client.email,
      subject: welcome.subject,
      html: welcome.html,
      text: welcome.text,
      attachments: [],
    };
    let createdIds: string[] = [];
    const withMessage = async (trx: Kysely<Database>) => {
      await requireClientStillThere(trx, client.id);
      createdIds = await ensureFilters(trx, actor, client);
    };
    const delivery =
      deliver === 'now' ? await mailer.send(email, withMessage) : await mailer.queue(email, withMessage);
    await logSent(actor, client, 'welcome', delivery);
    return { client, delivery, filtersCreated: createdIds.length > 0 };
  }

  return {
    async fetch(actor: Actor, target: ClientTarget) {
      const client = await loadClient(target);
      const existing: SavedFilter[] = await filters.listFor(client.id);
      await log(actor, client, 'client.opened', { via: 'search', summary: 'by e-mail search' });
      return {
        ...client.resolved,
        user_data: client.view,
        filters_exist: existing.length > 0,
        existing_filters: existing,
      };
    },

    async preview(target: ClientTarget) {
      const client = await loadClient(target);
      const [welcome, team] = await Promise.all([
        composeWelcome(config, client.view, client.missingSections.length === 0),
        teamEmailFor(client, await attachmentsOf(client)),
      ]);
      return {
        ...client.resolved,
        welcome: { subject: welcome.subject, html: welcome.html },
        team: { subject: team.subject, html: team.html },
      };
    },

    async sendWelcome(actor: Actor, target: ClientTarget) {
      const { client, delivery, filtersCreated } = await writeWelcome(actor, target, 'now');
      return {
        ...client.resolved,
        message: deliveryMessage('Welcome email', client.email, delivery, mailer.smtpConfigured),
        filters_created: filtersCreated,
        status: delivery.status,
      };
    },

    /**
     * The welcome e-mail to each client named, one after another, written as the client page writes
     * it (filters, activity line and all) and left to the outbox's sender, so the call never waits
     * on the SMTP server. Every client is answered: a refusal (unknown id, not started) or a failure
     * on one client's e-mail is that client's answer, and the others still get theirs.
     */
    async queueWelcomeForEach(
      actor: Actor,
      clientIds: readonly string[],
      logger: FastifyBaseLogger,
    ): Promise<WelcomeBatchResult[]> {
      const results: WelcomeBatchResult[] = [];
      for (const clientId of new Set(clientIds)) {
        try {
          const { client, delivery } = await writeWelcome(actor, { clientId }, 'from_outbox');
          results.push({
            client_id: clientId,
            outcome: mailer.smtpConfigured ? 'queued' : 'kept',
            message: deliveryMessage('Welcome email', client.email, delivery, mailer.smtpConfigured),
          });
        } catch (error) {
          if (error instanceof HttpError && error.statusCode < 500) {
            results.push({ client_id: clientId, outcome: 'not_sent', message: error.message });
          } else {
            logger.error({ err: error, clientId }, 'welcome e-mail of a batch not written');
            results.push({ client_id: clientId, outcome: 'error', message: WELCOME_ERROR_MESSAGE });
          }
        }
      }
      return results;
    },

    async sendTeamNotification(actor: Actor, target: ClientTarget) {
      const client = await loadClient(target);
      const attachments = await attachmentsOf(client);
      const team = await teamEmailFor(client, attachments);
      const to = teamAddress(config);
      // Nothing stored or sent about a client who erased their account since they were looked up.
      const delivery = await mailer.send(
        {
          kind: 'team_notification',
          client,
          to,
          subject: team.subject,
          html: team.html,
          text: team.text,
          attachments,
        },
        (trx) => requireClientStillThere(trx, client.id),
      );
      await logSent(actor, client, 'team_notification', delivery);
      return {
        ...client.resolved,
        message: deliveryMessage('Team notification', to, delivery, mailer.smtpConfigured),
        attachments_included: attachments.map((attachment) => attachment.filename),
        status: delivery.status,
      };
    },

    async generateFilters(actor: Actor, target: ClientTarget) {
      const client = await loadClient(target);
      const jobFilters = generateJobFilters(client.record);
      await log(actor, client, 'filters.generated', {
        queries: jobFilters.queries.length,
        summary: `${jobFilters.queries.length} queries`,
      });
      return {
        ...client.resolved,
        job_filters: jobFilters,
        formatted_data: formatFiltersForSaving(jobFilters, nowIso()),
        filters_already_exist: await filters.existFor(client.id),
      };
    },

    /** Saves the (possibly edited) draft, one filter per query; refused when filters already exist. */
    async saveFilters(actor: Actor, target: ClientTarget, formattedData: unknown) {
      const client = await loadClient(target);
      const draft = parseDraft(formattedData);
      const ids = await filters.saveFirstSet(client, draft, (trx, ids) =>
        logIn(trx, actor, client, 'filters.saved', {
          filter_ids: ids,
          count: ids.length,
          summary: `${ids.length} filters`,
        }),
      );
      if (!ids) throw Conflict(FILTERS_ALREADY_EXIST_MESSAGE);
      return { ...client.resolved, document_id: ids[0]!, filter_ids: ids };
    },

    /**
     * Replaces every saved filter of the client with the draft, in one transaction, when they are
     * still those the recruiter chose to replace (`replacing`).
     */
    async replaceFilters(actor: Actor, clientId: string, formattedData: unknown, replacing: ReplacedFilters) {
      const client = await loadClient({ clientId });
      const draft = parseDraft(formattedData);
      const replaced = await filters.replaceAll(client, replacing, draft, (trx, { removed, ids }) =>
        logIn(trx, actor, client, 'filters.replaced', {
          filter_ids: ids,
          removed,
          count: ids.length,
          summary: `${removed} replaced by ${ids.length}`,
        }),
      );
      if (!replaced) throw Conflict(FILTERS_CHANGED_MESSAGE);
      return { data: await filters.listFor(client.id) };
    },

    /** Everything the client page shows about one client, and its line in the activity log. */
    async clientPage(actor: Actor, clientId: string) {
      // A page opened by a pending id that was claimed since shows the user who claimed it; its
      // actions then name the user's id.
      const client = await clients.findCurrentById(clientId);
      if (!client) throw NotFound(CLIENT_ID_NOT_FOUND_MESSAGE);
      const record = client.kind === 'user' ? ((await onboarding.findOwn(client.id)) ?? null) : null;
      const completeness = checkCompleteness(record);
      const [savedFilters, messages] = await Promise.all([
        filters.listFor(client.id),
        mailer.list({ clientId: client.id }, undefined, 200).then((page) => page.data),
      ]);
      // The outbox lists newest first: the first of each kind is the last one sent (or tried). One
      // cancelled was taken back and never hides an earlier one, as on the clients board.
      const lastOf = (kind: string) => {
        for (const message of messages) {
          if (message.kind !== kind || message.status === 'cancelled') continue;
          const { id, status, created_at, sent_at } = message;
          return { id, status, created_at, sent_at };
        }
        return null;
      };
      const documentName = (value: string | undefined) =>
        value && normalizeDocumentPath(value) ? displayFileName(value) : null;
      // The page is read again after every change made on it: one visit is one line.
      await activity.recordOnce(
        { actor, clientId: client.id, action: 'client.opened', detail: { via: 'client_page' } },
        VISIT_WINDOW_MS,
      );
      return {
        client,
        sign_in_email: client.email,
        onboarding_email: record?.email_address?.trim() ? record.email_address.trim() : null,
        onboarding: {
          started: record !== null,
          complete: record !== null && completeness.isComplete,
          step: record === null ? null : resumeStep(record),
          missing: record === null ? [] : completeness.missingBySection,
          updated_at: record?.updated_at ?? null,
        },
        record,
        user_data: record && toAdminRecord(record),
        documents: { resume: documentName(record?.resume), cover_letter: documentName(record?.cover_letter) },
        filters: savedFilters,
        last_emails: { welcome: lastOf('welcome'), team_notification: lastOf('team_notification') },
      };
    },

    /** A document of the client's record, for staff to download; the download is logged. */
    async openDocument(
      actor: Actor & { userId: string },
      clientId: string,
      which: 'resume' | 'cover_letter',
    ) {
      const { client } = await resolve({ clientId });
      const record = client.kind === 'user' ? await onboarding.findOwn(client.id) : undefined;
      const stored = record?.[which];
      if (!stored || !normalizeDocumentPath(stored)) throw NotFound(NO_DOCUMENT_MESSAGE);
      const download = await files.openForDownload({ id: actor.userId, staff: true }, stored);
      await log(actor, client, 'document.downloaded', { document: which, summary: download.fileName });
      return download;
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
