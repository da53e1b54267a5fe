import {
  type AdminRecord,
  adminRecordSchema,
  CLIENT_NOT_FOUND_MESSAGE,
  EMPTY_EMAIL_MESSAGE,
} from '@app/domain/admin-email';
import type { ClientMatch, ClientRef } from '@app/domain/clients-api';
import { normalizeEmail } from '@app/domain/email-address';
import {
  formatFiltersForSaving,
  formattedFiltersSchema,
  generateJobFilters,
  type SavedFilter,
} from '@app/domain/job-filters';
import type { OnboardingRecord } from '@app/domain/onboarding-fields';
import { displayFileName, normalizeDocumentPath } from '@app/domain/profile-display';
import type { Config } from '../../config.ts';
import { nowIso } from '../../db/database.ts';
import { BadRequest, Conflict, NotFound } from '../../errors.ts';
import type { ClientsService } from '../clients/service.ts';
import type { FilesService } from '../files/service.ts';
import type { FiltersService } from '../filters/service.ts';
import type { AttachmentRef, Delivery, Mailer } from '../mail/service.ts';
import type { OnboardingService } from '../onboarding/service.ts';
import { composeTeamNotification, composeWelcome, teamAddress } from './emails.ts';

export const FILTERS_ALREADY_EXIST_MESSAGE = 'Job filters already exist for this client';
export const NO_QUERIES_MESSAGE =
  'This client has no job titles to search for, so there are no filters to save';

interface Client {
  /** Who the e-mail resolved to, and what it matched; part of every answer. */
  resolved: { client: ClientRef; matched: ClientMatch };
  id: string;
  email: string;
  record: OnboardingRecord;
  view: AdminRecord;
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
}) {
  const { config, mailer, filters, clients, onboarding, files } = deps;

  /**
   * The client with this sign-in e-mail (never the e-mail someone typed into their form). A pending
   * client has no onboarding record yet, so it is not found here either.
   */
  async function loadClient(rawEmail: string | undefined): Promise<Client> {
    const email = normalizeEmail(rawEmail ?? '');
    if (email === '') throw BadRequest(EMPTY_EMAIL_MESSAGE);
    const found = await clients.findByEmail(email);
    const record = found?.client.kind === 'user' ? await onboarding.findOwn(found.client.id) : undefined;
    if (!found || !record) throw NotFound(CLIENT_NOT_FOUND_MESSAGE);
    const { client, matched } = found;
    return {
      resolved: { client, matched },
      id: client.id,
      email: client.email,
      record,
      view: toAdminRecord(record),
    };
  }

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
      attachments: attachments.map((attachment) => attachment.filename),
    });
  }

  /** Saves the filters generated from the record when the client has none yet; true when it did. */
  async function ensureFilters(client: Client): Promise<boolean> {
    if (await filters.existFor(client.id)) return false;
    const formatted = formatFiltersForSaving(generateJobFilters(client.record), nowIso());
    if (formatted.length === 0) return false;
    await filters.saveAll(client, formatted);
    return true;
  }

  return {
    async fetch(email: string | undefined) {
      const client = await loadClient(email);
      const existing: SavedFilter[] = await filters.listFor(client.id);
      return {
        ...client.resolved,
        user_data: client.view,
        filters_exist: existing.length > 0,
        existing_filters: existing,
      };
    },

    async preview(email: string | undefined) {
      const client = await loadClient(email);
      const [welcome, team] = await Promise.all([
        composeWelcome(config, client.view),
        teamEmailFor(client, await attachmentsOf(client)),
      ]);
      return {
        ...client.resolved,
        welcome: { subject: welcome.subject, html: welcome.html },
        team: { subject: team.subject, html: team.html },
      };
    },

    /** Welcome e-mail to the client; their filters are created too if staff have not saved any yet. */
    async sendWelcome(email: string | undefined) {
      const client = await loadClient(email);
      const filtersCreated = await ensureFilters(client);
      const welcome = await composeWelcome(config, client.view);
      const delivery = await mailer.send({
        kind: 'welcome',
        client,
        to: client.email,
        subject: welcome.subject,
        html: welcome.html,
        text: welcome.text,
        attachments: [],
      });
      return {
        ...client.resolved,
        message: deliveryMessage('Welcome email', client.email, delivery, mailer.smtpConfigured),
        filters_created: filtersCreated,
        status: delivery.status,
      };
    },

    async sendTeamNotification(email: string | undefined) {
      const client = await loadClient(email);
      const attachments = await attachmentsOf(client);
      const team = await teamEmailFor(client, attachments);
      const to = teamAddress(config);
      const delivery = await mailer.send({
        kind: 'team_notification',
        client,
        to,
        subject: team.subject,
        html: team.html,
        text: team.text,
        attachments,
      });
      return {
        ...client.resolved,
        message: deliveryMessage('Team notification', to, delivery, mailer.smtpConfigured),
        attachments_included: attachments.map((attachment) => attachment.filename),
        status: delivery.status,
      };
    },

    async generateFilters(email: string | undefined) {
      const client = await loadClient(email);
      const jobFilters = generateJobFilters(client.record);
      return {
        ...client.resolved,
        job_filters: jobFilters,
        formatted_data: formatFiltersForSaving(jobFilters, nowIso()),
        filters_already_exist: await filters.existFor(client.id),
      };
    },

    /** Saves the (possibly edited) draft, one filter per query; refused when filters already exist. */
    async saveFilters(email: string | undefined, formattedData: unknown) {
      const client = await loadClient(email);
      if (Array.isArray(formattedData) && formattedData.length === 0) throw BadRequest(NO_QUERIES_MESSAGE);
      const parsed = formattedFiltersSchema.safeParse(formattedData);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
        throw BadRequest(`Invalid formatted_data${where}: ${issue?.message ?? 'is invalid'}`);
      }
      if (await filters.existFor(client.id)) throw Conflict(FILTERS_ALREADY_EXIST_MESSAGE);
      const ids = await filters.saveAll(client, parsed.data);
      return { ...client.resolved, document_id: ids[0]!, filter_ids: ids };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
