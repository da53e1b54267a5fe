import { knownTimeZone, summaryWeek } from '@app/domain/weekly-summary';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createElement as h } from 'react';
import { roleOf } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { type Db, onPostgres, toBool } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { renderEmail, WeeklySummaryEmail, weeklySummarySubject } from '../../emails/index.ts';
import { retryDelayMs } from '../../retry.ts';
import type { Mailer, OutgoingEmail } from '../mail/service.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The base of the retry schedule after failed tries (retry.ts): 10 s and 1 min are the next runs,
 * then 4 min, 20 min and every 2 hours.
 */
const RETRY_BASE_MS = 10 * 1000;
/** Runs come about a minute apart, never exactly: a wait may end this much early, so it is not a run longer. */
const RUN_TIMING_SLACK_MS = 30 * 1000;

type Subscriber = { id: string; email: string; first_name: string; time_zone: string | null };

/**
 * The weekly summary e-mail (decision 036). `runDue` queues every summary that is due at the
 * clock's time; each instance runs it every minute. A week is claimed by inserting (user, week)
 * under a unique key in the transaction that writes the summary to the outbox, so however many
 * instances run at once one queues it, and a failure leaves neither for the next run to try again.
 */
export function createWeeklySummaryService(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Config;
  unsubscribeKey: Buffer;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, clock, config, log } = deps;
  const kysely = db.kysely;
  const day = config.weeklySummary.day;
  const hour = config.weeklySummary.hour;
  const brand = { name: config.brand.name, color: config.brand.color };
  // Clients whose summary failed on this instance, and when it tries them again: a failure that
  // persists (a record the e-mail cannot be made from, say) is not retried and logged every minute
  // for the rest of the week, while a passing one is retried at the next runs.
  const failing = new Map<string, { failures: number; retryAt: number }>();

  async function isClaimed(userId: string, week: string): Promise<boolean> {
    const row = await kysely
      .selectFrom('weekly_summary_claims')
      .select('week')
      .where('user_id', '=', userId)
      .where('week', '=', week)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether the person still has an account and still wants the summary: they may have deleted it,
   * or switched the summary off, since the subscribers were read. On PostgreSQL their row is held
   * (FOR SHARE) until the claim commits, so a deletion or an unsubscribe (which take the row first)
   * either came before and is seen here, or waits and then erases (or cancels) the queued e-mail
   * too; SQLite runs one write transaction at a time.
   */
  async function stillSubscribed(trx: Kysely<Database>, userId: string): Promise<boolean> {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('weekly_summary', '=', true)
      .$if(onPostgres(trx), (query) => query.forShare())
      .executeTakeFirst();
    return user !== undefined;
  }

  /** True when this call made the claim; false when the week was already claimed (by anyone). */
  async function claim(trx: Kysely<Database>, userId: string, week: string, at: string): Promise<boolean> {
    const inserted = await trx
      .insertInto('weekly_summary_claims')
      .values({ user_id: userId, week, claimed_at: at, outbox_id: null })
      .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The week's e-mail, or null when nothing was applied for in the seven days up to `moment`. */
  async function summaryOf(user: Subscriber, moment: Date): Promise<OutgoingEmail | null> {
    // The seven days up to this week's moment: each job lands in exactly one week's summary.
    const jobs = await kysely
      .selectFrom('jobs')
      .select(['data_job_title', 'data_company'])
      .where('client_id', '=', user.id)
      .where('applied_for_job', '=', true)
      .where('applied_at', '>', new Date(moment.getTime() - WEEK_MS).toISOString())
      .where('applied_at', '<=', moment.toISOString())
      .orderBy('applied_at')
      .execute();
    if (jobs.length === 0) return null;
    const rendered = await renderEmail(
      h(WeeklySummaryEmail, {
        brand,
        firstName: user.first_name,
        jobs: jobs.map((job) => ({ title: job.data_job_title ?? '', company: job.data_company ?? '' })),
        jobsUrl: `${config.publicUrl}/myjobs`,
        unsubscribeUrl: unsubscribeUrl(config.publicUrl, deps.unsubscribeKey, user.id),
      }),
    );
    return {
      kind: 'weekly_summary',
      client: { id: user.id, email: user.email },
      to: user.email,
      subject: weeklySummarySubject(brand, jobs.length),
      html: rendered.html,
      text: rendered.text,
      attachments: [],
    };
  }

  /** True when this call queued the client's summary of the week due now. */
  async function queueFor(user: Subscriber, now: Date): Promise<boolean> {
    const zone = knownTimeZone(user.time_zone) ?? 'UTC';
    const { week, moment, due } = summaryWeek(now, zone, day, hour);
    // A claimed week costs one lookup a minute, not a rendering.
    if (!due || (await isClaimed(user.id, week))) return false;
    const email = await summaryOf(user, moment);
    // Of several instances only the one whose claim is written queues the e-mail, with the claim;
    // with nothing new the claim alone stands for "checked", and nothing is sent. A new week's
    // summary takes the place of an older one still waiting (SMTP down or unset): one e-mail a
    // week, never a backlog sent at once when SMTP is back.
    return kysely.transaction().execute(async (trx) => {
      if (!(await stillSubscribed(trx, user.id))) return false;
      if (!(await claim(trx, user.id, week, now.toISOString())) || !email) return false;
      await mailer.cancelQueuedOf({ clientId: user.id, kind: 'weekly_summary' }, trx);
      const delivery = await mailer.queueIn(trx, email);
      await trx
        .updateTable('weekly_summary_claims')
        .set({ outbox_id: delivery.id })
        .where('user_id', '=', user.id)
        .where('week', '=', week)
        .execute();
      return true;
    });
  }

  return {
    /**
     * Queues every summary due now; answers how many this call queued. A client whose summary
     * fails is left unclaimed and holds up nobody else's; this instance tries them again at the next
     * two runs, then after 4 min, 20 min and every 2 hours.
     */
    async runDue(): Promise<number> {
      const now = new Date(clock.now());
      const subscribers = await kysely
        .selectFrom('users')
        .select(['id', 'email', 'email_verified', 'first_name', 'time_zone'])
        .where('weekly_summary', '=', true)
        .execute();
      let queued = 0;
      for (const user of subscribers) {
        // Summaries are for clients: staff have no jobs applied for them.
        const role = roleOf(
          { email: user.email, emailVerified: toBool(user.email_verified) },
          config.staffEmailDomain,
        );
        if (role !== 'client') continue;
        const failed = failing.get(user.id);
        if (failed && now.getTime() < failed.retryAt - RUN_TIMING_SLACK_MS) continue;
        try {
          if (await queueFor(user, now)) queued += 1;
          failing.delete(user.id);
        } catch (error) {
          const failures = (failed?.failures ?? 0) + 1;
          failing.set(user.id, { failures, retryAt: now.getTime() + retryDelayMs(failures, RETRY_BASE_MS) });
          log.error({ err: error, userId: user.id, failures }, 'weekly summary not queued');
        }
      }
      return queued;
    },

    async isSubscribed(userId: string): Promise<boolean> {
      const row = await kysely
        .selectFrom('users')
        .select('weekly_summary')
        .where('id', '=', userId)
        .executeTakeFirst();
      return toBool(row?.weekly_summary);
    },

    /**
     * The preferences switch and the e-mail's unsubscribe link both come here. Switching off also
     * cancels the summaries still waiting in the outbox (one already being sent goes on), so none
     * goes out afterwards. Changes nothing when there is no such user (a deleted account's old link).
     */
    async setSubscribed(userId: string, subscribed: boolean): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ weekly_summary: subscribed }).where('id', '=', userId).execute();
        if (!subscribed) await mailer.cancelQueuedOf({ clientId: userId, kind: 'weekly_summary' }, trx);
      });
    },

    /** The browser's time zone, sent after sign-in; an unknown zone is ignored (UTC stays). */
    async setTimeZone(userId: string, zone: string): Promise<string | null> {
      const known = knownTimeZone(zone);
      if (known)
        await kysely.updateTable('users').set({ time_zone: known }).where('id', '=', userId).execute();
      return known;
    },
  };
}

export type WeeklySummaryService = ReturnType<typeof createWeeklySummaryService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Built once in modules.ts; programs and tests run `runDue` on it. */
    weeklySummary: WeeklySummaryService;
  }
}
