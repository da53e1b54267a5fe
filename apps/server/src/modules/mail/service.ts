import {
  cancelRefusedMessage,
  OUTBOX_MESSAGE_NOT_FOUND,
  type OutboxMessage,
  type OutboxMessageContent,
  type OutboxStatus,
  retryRefusedMessage,
} from '@app/domain/admin-email';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { type Clock, isoTime } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { clientStillThere, type Db } from '../../db/database.ts';
import { readKeysetPage } from '../../db/keyset-cursor.ts';
import type { Database } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  type AttachmentRef,
  createOutboxRepo,
  type OutboxListRow,
  type OutboxRow,
  readAttachments,
} from './repo.ts';

export type { AttachmentRef };

import { retryDelayMs } from '../../retry.ts';
import {
  createSmtpTransport,
  describeFailure,
  isPermanentFailure,
  type MailAttachment,
  type MailTransport,
  withoutAddresses,
} from './transport.ts';

export const SMTP_NOT_CONFIGURED = 'SMTP not configured: kept in the outbox, not sent';

export interface OutgoingEmail {
  kind: 'welcome' | 'team_notification' | 'weekly_summary';
  /** The client the message is for or about, so staff find it with the client's other work. */
  client: { id: string; email: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: AttachmentRef[];
}

/**
 * Where a message stands: delivered, waiting in the outbox (`reason`: why it has not gone, or null
 * when it was only left for the background sender), or given up.
 */
export type Delivery =
  | { status: 'sent'; id: string }
  | { status: 'queued'; id: string; reason: string | null }
  | { status: 'failed'; id: string; reason: string };

class MissingAttachment extends Error {}

/**
 * A write that records what came of a message (sent, a failure, its activity line), with what the
 * log says while it has not landed and once it never will.
 */
interface OutcomeWrite {
  outboxId: string;
  /** `db`: where to write, the transaction that holds the client's row when `clientId` is given. */
  write: (db: Kysely<Database>) => Promise<unknown>;
  /**
   * The client a write adds a row for (an activity line): it is written in a transaction that takes
   * the client's row first, and not at all once the client is gone (their account erased after the
   * message was stored), as it would outlive them.
   */
  clientId?: string;
  notYet: string;
  never: string;
}

/**
 * What a caller writes with a message, first, in the transaction that stores it: the check that its
 * client is still there (requireClientStillThere, which takes their row first, as the erasure does)
 * and the rows that go with the message. Should it throw, nothing is stored and nothing sent.
 */
type FirstInTransaction = (trx: Kysely<Database>) => Promise<unknown>;

/**
 * A message as staff see it listed: who it is for, where it stands, and why it waits (its body is
 * read on its own, by `read`). Without SMTP nothing is ever tried, so a queued message shows no
 * next try (it stays due, for when SMTP is set).
 */
function toMessage(row: OutboxListRow, smtpConfigured: boolean): OutboxMessage {
  const name = [row.client_first_name, row.client_last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    kind: row.kind,
    client_id: row.client_id,
    client_name: name === '' ? null : name,
    client_email: row.client_email,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    attachments: readAttachments(row).map((attachment) => ({ filename: attachment.filename })),
    created_at: row.created_at,
    next_attempt_at: row.status === 'queued' && smtpConfigured ? row.next_attempt_at : null,
    sent_at: row.sent_at,
  };
}

const BATCH_SIZE = 20;
/**
 * A message left in `sending` longer than this belongs to an instance that stopped mid-send; it is
 * queued again. Far above the transport's own time limits, so a live send is never taken over.
 */
const STUCK_SENDING_MS = 10 * 60 * 1000;
/** The longest wait between two tries at recording a delivered message as sent. */
const MARK_SENT_MAX_WAIT_MS = 5000;

/**
 * The outbox and its sender. A message is written to the outbox before any SMTP traffic, claimed
 * with a conditional UPDATE (so no two senders take it), and marked sent as soon as the server
 * accepts it. Failures wait `retryDelayMs` before the next try; without SMTP_URL nothing is sent
 * and messages stay queued for staff to read.
 */
export function createMailer(deps: {
  db: Db;
  storage: Storage;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Headers a kind of message carries, made when it is sent (the weekly summary's unsubscribe). */
  headersFor?: (message: { kind: string; client_id: string | null }) => Record<string, string> | undefined;
}) {
  const { config, clock, log, storage, headersFor } = deps;
  const nowIso = () => isoTime(clock);
  const { kysely } = deps.db;
  const repo = createOutboxRepo(deps.db);
  const transport: MailTransport | null = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : null;
  const messageIdDomain = /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? config.staffEmailDomain;
  const pollMs = Math.min(config.mailRetryBaseMs, 5000);
  const inFlight = new Set<Promise<unknown>>();
  let stopped = true;
  /** Set by stop(): writes waiting to be tried again get their last try now. */
  let closing = false;
  let timer: NodeJS.Timeout | undefined;

  /** The message as it enters the outbox: claimed for a try in this request, or queued. */
  function outboxRow(email: OutgoingEmail, start: 'try_now' | 'leave_queued'): OutboxRow {
    const now = nowIso();
    const tryingNow = start === 'try_now';
    return {
      // Time-ordered: the outbox lists newest first by creation, then id, so messages queued in the
      // same millisecond (a bulk send) keep the order they were queued in.
      id: uuidv7(),
      kind: email.kind,
      client_id: email.client.id,
      client_email: email.client.email,
      recipient: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: JSON.stringify(email.attachments),
      status: tryingNow ? 'sending' : 'queued',
      attempts: tryingNow ? 1 : 0,
      last_error: transport ? null : SMTP_NOT_CONFIGURED,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
      sent_at: null,
    };
  }

  /**
   * Stores the message: after `first`, in one transaction, when given. It commits before anything
   * is sent, so no lock is held while the SMTP server answers.
   */
  async function store(row: OutboxRow, first: FirstInTransaction | undefined): Promise<void> {
    if (!first) return repo.insert(row);
    await kysely.transaction().execute(async (trx) => {
      await first(trx);
      await repo.insert(row, trx);
    });
  }

  /** The answer for a message left to the background sender; without SMTP it says why it waits. */
  const queued = (row: OutboxRow): Delivery => ({
    status: 'queued',
    id: row.id,
    reason: transport ? null : SMTP_NOT_CONFIGURED,
  });

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    return work.finally(() => inFlight.delete(work));
  }

  async function loadAttachments(refs: AttachmentRef[]): Promise<MailAttachment[]> {
    return Promise.all(
      refs.map(async (ref) => {
        const object = await storage.get(ref.key);
        if (!object) throw new MissingAttachment(`Attachment ${ref.filename} is no longer in storage`);
        const chunks: Buffer[] = [];
        for await (const chunk of object.stream) chunks.push(Buffer.from(chunk));
        return { filename: ref.filename, content: Buffer.concat(chunks), contentType: ref.content_type };
      }),
    );
  }

  /** One try at the write; false when the database refused it. */
  async function tryWrite(outcome: OutcomeWrite): Promise<boolean> {
    const { clientId } = outcome;
    try {
      if (clientId === undefined) await outcome.write(kysely);
      else
        await kysely.transaction().execute(async (trx) => {
          if (await clientStillThere(trx, clientId)) await outcome.write(trx);
        });
      return true;
    } catch (error) {
      log.error({ err: error, outboxId: outcome.outboxId }, outcome.notYet);
      return false;
    }
  }

  /**
   * Writes again, waiting longer after each refusal (up to a few seconds), until it lands, the
   * mailer stops, or half the time after which a message in `sending` looks stuck has gone by; then
   * one last try. What is still unwritten after that is only logged: a message left in `sending`
   * may then be sent again, as after a crash.
   */
  async function writeEventually(outcome: OutcomeWrite): Promise<void> {
    const giveUpAt = clock.now() + STUCK_SENDING_MS / 2;
    for (let attempt = 1; ; attempt++) {
      const last = closing || clock.now() >= giveUpAt;
      if (!last) {
        const waitMs = Math.min(200 * 2 ** attempt, MARK_SENT_MAX_WAIT_MS);
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
      if (await tryWrite(outcome)) return;
      if (last) {
        log.error({ outboxId: outcome.outboxId }, outcome.never);
        return;
      }
    }
  }

  /**
   * Records what came of a message once that is settled: SMTP accepted it, refused it, or it could
   * not be reached. It happened whatever the database says, so a refused write is nobody's error and
   * never changes the answer: it is tried again in the background (stop() waits for the last try).
   */
  async function recordOutcome(outcome: OutcomeWrite): Promise<void> {
    if (!(await tryWrite(outcome))) void track(writeEventually(outcome));
  }

  /**
   * Records that the SMTP server accepted a message; a message left in `sending` would be sent
   * again once it looks stuck.
   */
  async function markSent(id: string): Promise<void> {
    await recordOutcome({
      outboxId: id,
      write: () => repo.markSent(id, nowIso()),
      notYet: 'e-mail delivered but not marked sent yet',
      never: 'e-mail delivered but never marked sent: it may be sent again',
    });
  }

  /** One try at a message this process has claimed (status `sending`). */
  async function deliver(row: OutboxRow, smtp: MailTransport): Promise<Delivery> {
    try {
      await smtp.send({
        messageId: `<${row.id}@${messageIdDomain}>`,
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: await loadAttachments(readAttachments(row)),
        headers: headersFor?.(row),
      });
    } catch (error) {
      const reason = describeFailure(error);
      const permanent = error instanceof MissingAttachment || isPermanentFailure(error);
      const nextAttemptAt = permanent
        ? null
        : isoTime(clock, retryDelayMs(row.attempts, config.mailRetryBaseMs));
      log.warn(
        { outboxId: row.id, attempts: row.attempts, reason: withoutAddresses(reason) },
        'e-mail not sent',
      );
      // Until it is written the message stays in `sending`, and is tried again once it looks stuck.
      await recordOutcome({
        outboxId: row.id,
        write: () =>
          repo.settleFailure(
            row.id,
            { status: permanent ? 'failed' : 'queued', error: reason, nextAttemptAt },
            nowIso(),
          ),
        notYet: 'e-mail not sent, and its failure not recorded yet',
        never: 'failure of an e-mail never recorded: it is tried again once it looks stuck',
      });
      return permanent ? { status: 'failed', id: row.id, reason } : { status: 'queued', id: row.id, reason };
    }
    await markSent(row.id);
    return { status: 'sent', id: row.id };
  }

  async function sendDue(smtp: MailTransport): Promise<void> {
    const now = nowIso();
    await repo.requeueStuck(isoTime(clock, -STUCK_SENDING_MS), now);
    for (const id of await repo.dueIds(now, BATCH_SIZE)) {
      if (stopped) return;
      if (!(await repo.claim(id, nowIso()))) continue;
      const row = await repo.find(id);
      if (row) await deliver(row, smtp);
    }
  }

  function scheduleNext(smtp: MailTransport, delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      track(sendDue(smtp))
        .catch((error) => log.error({ err: error }, 'mail outbox pass failed'))
        .finally(() => scheduleNext(smtp, pollMs));
    }, delayMs);
  }

  async function current(id: string): Promise<OutboxMessage> {
    const row = await repo.findWithClientName(id);
    if (!row) throw NotFound(OUTBOX_MESSAGE_NOT_FOUND);
    return toMessage(row, transport !== null);
  }

  /** Why a state change did not happen: the message is missing (404) or in another state (409). */
  async function refuse(id: string, message: (status: OutboxStatus) => string): Promise<never> {
    const { status } = await current(id);
    throw Conflict(message(status));
  }

  return {
    smtpConfigured: transport !== null,

    /**
     * Writes the message to the outbox and, when SMTP is configured, tries it at once. The message
     * is stored already claimed, so the background sender cannot send it a second time meanwhile.
     * `first`: what the caller writes with it, first, in the same transaction; the message is tried
     * only once that transaction has committed.
     */
    async send(email: OutgoingEmail, first?: FirstInTransaction): Promise<Delivery> {
      const row = outboxRow(email, transport ? 'try_now' : 'leave_queued');
      await store(row, first);
      if (!transport) return queued(row);
      return track(deliver(row, transport));
    },

    /**
     * Writes the message to the outbox for the background sender, which tries it within a few
     * seconds: for many messages at once, so no request waits on the SMTP server for each of them.
     * `first`: what the caller writes with it, first, in the same transaction.
     */
    async queue(email: OutgoingEmail, first?: FirstInTransaction): Promise<Delivery> {
      const row = outboxRow(email, 'leave_queued');
      await store(row, first);
      return queued(row);
    },

    /** As `queue`, in the caller's own transaction: the message stands or falls with its other writes. */
    async queueIn(trx: Kysely<Database>, email: OutgoingEmail): Promise<Delivery> {
      const row = outboxRow(email, 'leave_queued');
      await repo.insert(row, trx);
      return queued(row);
    },

    /**
     * A line about what came of a message (its activity log entry), written once the outcome is
     * known: it never fails the caller, who answers with that outcome; a refused write is tried
     * again in the background, as "sent" is. With `clientId`, nothing is written once that client
     * is gone.
     */
    recordOutcome,

    /** Starts the background sender (recovering messages a stopped instance left mid-send). */
    start(): void {
      closing = false;
      if (!transport || !stopped) return;
      stopped = false;
      scheduleNext(transport, 0);
    },

    /** Stops the sender after the tries in progress; what is left stays queued for the next start. */
    async stop(): Promise<void> {
      stopped = true;
      closing = true;
      clearTimeout(timer);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      transport?.close();
    },

    /** Newest first, `limit` at a time; `cursor` is the previous page's `next_cursor`. */
    async list(
      filter: { clientId?: string; status?: OutboxStatus },
      cursor: string | undefined,
      limit: number,
    ): Promise<{ data: OutboxMessage[]; next_cursor: string | null }> {
      return readKeysetPage({
        cursor,
        limit,
        read: (after, count) => repo.list(filter, after, count),
        positionOf: (row) => ({ at: row.created_at, id: row.id }),
        toItem: (row) => toMessage(row, transport !== null),
      });
    },

    /** One message with its body, for staff opening it to read. 404 for no such message. */
    async read(id: string): Promise<OutboxMessageContent> {
      const row = await repo.findWithBody(id);
      if (!row) throw NotFound(OUTBOX_MESSAGE_NOT_FOUND);
      return { ...toMessage(row, transport !== null), html: row.html };
    },

    /**
     * Tries a queued or failed message now: it is due at once, and with SMTP configured this request
     * tries it (unless the background sender took it first). 404 for no such message, 409 for one
     * that is sending, sent or cancelled. Answers the message as it stands afterwards.
     */
    async retryNow(id: string): Promise<OutboxMessage> {
      if (!(await repo.requeueNow(id, nowIso()))) await refuse(id, retryRefusedMessage);
      if (transport && (await repo.claim(id, nowIso()))) {
        const row = await repo.find(id);
        if (row) await track(deliver(row, transport));
      }
      return current(id);
    },

    /**
     * Takes back for good every queued message of one kind to or about a client (a weekly summary
     * the client no longer wants, or one a newer week replaces); one already being sent goes on.
     * `within`: the caller's transaction, when the change must stand or fall with its other writes.
     * Answers how many were cancelled.
     */
    cancelQueuedOf(
      filter: { clientId: string; kind: OutgoingEmail['kind'] },
      within?: Kysely<Database>,
    ): Promise<number> {
      return repo.cancelQueuedOf(filter, nowIso(), within);
    },

    /** Takes a queued message back for good. 404 for no such message, 409 unless it is queued. */
    async cancel(id: string): Promise<OutboxMessage> {
      if (!(await repo.cancel(id, nowIso()))) await refuse(id, cancelRefusedMessage);
      return current(id);
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
