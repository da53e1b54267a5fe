import { clientIdSchema } from '@app/domain/clients-api';
import {
  type BoardColumn,
  type BoardResponse,
  type BoardRow,
  boardQuerySchema,
  ONBOARDING_STEPS,
  RECENT_APPLICATION_DAYS,
  WELCOME_BATCH_LIMIT,
  welcomeStateOf,
} from '@app/domain/clients-board';
import { resumeStep } from '@app/domain/onboarding-rules';
import { foldForSearch } from '@app/domain/search-text';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { foldedForSearch } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { OnboardingService } from '../onboarding/service.ts';

/**
 * The board's query, and `ids`: only these clients, by id, comma-separated (at most a welcome batch's
 * worth). A batch's confirmation reads its chosen clients again this way, wherever they are on the
 * board, so it speaks of their welcome e-mails as they stand, not as they stood when chosen.
 */
export const boardRequestSchema = boardQuerySchema.extend({
  ids: z
    .string()
    .transform((value) => value.split(',').filter((id) => id.trim() !== ''))
    .pipe(
      z
        .array(clientIdSchema)
        .min(1, 'ids names no client')
        .max(WELCOME_BATCH_LIMIT, `ids names at most ${WELCOME_BATCH_LIMIT} clients`),
    )
    .optional(),
});
export type BoardRequest = z.infer<typeof boardRequestSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
const REFRESH_BATCH = 500;

/** What the board's SQL answers per client, before the page's onboarding steps are worked out. */
interface BoardSqlRow {
  id: string;
  kind: 'user' | 'pending';
  name: string;
  email: string;
  onboarding_rank: number;
  onboarding_at: string | null;
  welcome_status: string | null;
  welcome_at: string | null;
  /** 1 when a welcome e-mail to the client was ever sent, else 0. */
  welcome_ever_sent: number;
  filters: number;
  jobs: number;
  applied_recent: number;
  last_active: string | null;
}

/**
 * The clients board: users who are not staff and unclaimed pending clients, with their onboarding,
 * welcome e-mail, saved filters, jobs and recent applications, and when they were last active.
 * A read model over the tables of several areas (decision 031): it reads, it never writes them.
 * Job counts come from `client_board_stats`, refreshed for the clients whose job list version moved
 * on (or whose oldest recent application left the window) before each page is read.
 */
export function createBoard(deps: {
  db: Kysely<Database>;
  staffEmailDomain: string;
  onboarding: OnboardingService;
  now: () => Date;
}) {
  const { db, onboarding, now } = deps;

  async function refreshStats(at: Date): Promise<void> {
    const nowIso = at.toISOString();
    const stale = await db
      .selectFrom('job_list_versions as v')
      .leftJoin('client_board_stats as s', 's.client_id', 'v.client_id')
      .select(['v.client_id', 'v.version'])
      .where((eb) =>
        eb.or([
          eb('s.client_id', 'is', null),
          eb('s.list_version', '<>', eb.ref('v.version')),
          eb('s.applied_recent_until', '<=', nowIso),
        ]),
      )
      .execute();
    const since = new Date(at.getTime() - RECENT_APPLICATION_DAYS * DAY_MS).toISOString();
    for (let start = 0; start < stale.length; start += REFRESH_BATCH) {
      const batch = stale.slice(start, start + REFRESH_BATCH);
      const counts = await db
        .selectFrom('jobs')
        .select((eb) => [
          'client_id',
          eb.fn.countAll<number>().as('jobs'),
          sql<number>`sum(case when applied_for_job = ${sql.lit(true)} and applied_at >= ${since} then 1 else 0 end)`.as(
            'recent',
          ),
          sql<
            string | null
          >`min(case when applied_for_job = ${sql.lit(true)} and applied_at >= ${since} then applied_at end)`.as(
            'oldest',
          ),
        ])
        .where(
          'client_id',
          'in',
          batch.map((row) => row.client_id),
        )
        .groupBy('client_id')
        .execute();
      const byClient = new Map(counts.map((row) => [row.client_id, row]));
      const rows = batch.map(({ client_id, version }) => {
        const count = byClient.get(client_id);
        const oldest = count?.oldest ?? null;
        return {
          client_id,
          list_version: version,
          jobs_count: Number(count?.jobs ?? 0),
          applied_recent: Number(count?.recent ?? 0),
          applied_recent_until: oldest
            ? new Date(Date.parse(oldest) + RECENT_APPLICATION_DAYS * DAY_MS).toISOString()
            : null,
        };
      });
      await db
        .insertInto('client_board_stats')
        .values(rows)
        .onConflict((oc) =>
          oc.column('client_id').doUpdateSet((eb) => ({
            list_version: eb.ref('excluded.list_version'),
            jobs_count: eb.ref('excluded.jobs_count'),
            applied_recent: eb.ref('excluded.applied_recent'),
            applied_recent_until: eb.ref('excluded.applied_recent_until'),
          })),
        )
        .execute();
    }
  }

  /**
   * Every column as an SQL expression over the clients (`c`), their onboarding record (`o`) and their
   * counts (`s`). A page is read in two steps: the ids in order, computing only what the search,
   * the view and the sort need for every client; then every column for those ids alone.
   */
  function expressions(nowIso: string) {
    // The newest welcome e-mail that is not cancelled: one taken back never hides an earlier one.
    const welcome = (column: RawBuilder<unknown>) => sql`(
      select ${column} from mail_outbox m where m.client_id = c.id and m.kind = 'welcome'
        and m.status <> 'cancelled'
      order by m.created_at desc, m.id desc limit 1)`;
    // A client sent a welcome e-mail once is not waiting for one, whatever came after it.
    const welcomeEverSent = sql`exists (select 1 from mail_outbox m where m.client_id = c.id
      and m.kind = 'welcome' and m.status = 'sent')`;
    // The name given in onboarding, which the client page and the team notification go by.
    const onboardingName = sql`trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, ''))`;
    const name = sql`coalesce(nullif(c.name, ''), ${onboardingName})`;
    const onboardingRank = sql`case when o.id is null then 0 when o.onboarding_completed = ${sql.lit(true)} then 2 else 1 end`;
    const welcomeStatus = welcome(sql`m.status`);
    const filters = sql`(select count(*) from job_search_filters f where f.client_id = c.id)`;
    const jobs = sql`coalesce(s.jobs_count, 0)`;
    const appliedRecent = sql`case when s.applied_recent_until > ${nowIso} then s.applied_recent else 0 end`;
    const lastActive = sql`(select max(coalesce(se.last_seen_at, se.created_at)) from sessions se where se.user_id = c.id)`;
    const sortKeys: Record<BoardColumn, RawBuilder<unknown>> = {
      client: sql`lower(case when ${name} = '' then c.email else ${name} end)`,
      onboarding: onboardingRank,
      welcome: sql`case ${welcomeStatus} when 'sent' then 3 when 'queued' then 2 when 'sending' then 2 when 'failed' then 1 else 0 end`,
      filters,
      jobs,
      applied_recent: appliedRecent,
      last_active: lastActive,
    };
    const columns = sql`c.id, c.kind, c.email, ${name} as name, ${onboardingRank} as onboarding_rank,
      o.updated_at as onboarding_at, ${welcomeStatus} as welcome_status,
      ${welcome(sql`coalesce(m.sent_at, m.created_at)`)} as welcome_at,
      case when ${welcomeEverSent} then 1 else 0 end as welcome_ever_sent, ${filters} as filters, ${jobs} as jobs,
      ${appliedRecent} as applied_recent, ${lastActive} as last_active`;
    return {
      name,
      onboardingName,
      onboardingRank,
      welcomeStatus,
      welcomeEverSent,
      appliedRecent,
      sortKeys,
      columns,
    };
  }

  /** Users who are not staff and unclaimed pending clients, with their record and counts. */
  function clientsFrom({ joins = true } = {}): RawBuilder<unknown> {
    const staffPattern = `%@${deps.staffEmailDomain.toLowerCase()}`;
    return sql`(
        select u.id, 'user' as kind, u.email, trim(u.first_name || ' ' || u.last_name) as name
        from users u where lower(u.email) not like ${staffPattern}
        union all
        select p.id, 'pending' as kind, p.email, '' as name
        from pending_clients p where p.claimed_by_user_id is null
      ) c
      ${joins ? sql`left join onboarding_submissions o on o.user_id = c.id left join client_board_stats s on s.client_id = c.id` : sql``}`;
  }

  function conditions(query: BoardRequest, columns: ReturnType<typeof expressions>): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
    if (query.ids) parts.push(sql`c.id in (${sql.join(query.ids)})`);
    if (query.q) {
      const pattern = `%${foldForSearch(query.q).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      // The board's name is the one from sign-in when there is one ('Bob Smith'), but staff know
      // the client by the name given in onboarding too ('Robert Smith'): either finds them, with
      // case and marks aside ('jose' finds 'José').
      const matches = (text: RawBuilder<unknown>) =>
        sql`${foldedForSearch(db, text)} like ${pattern} escape '\\'`;
      parts.push(
        sql`(${matches(columns.name)} or ${matches(columns.onboardingName)} or ${matches(sql`c.email`)})`,
      );
    }
    if (query.view === 'incomplete_onboarding') parts.push(sql`${columns.onboardingRank} < 2`);
    if (query.view === 'waiting_for_welcome') {
      parts.push(sql`${columns.onboardingRank} = 2 and not ${columns.welcomeEverSent}`);
    }
    if (query.view === 'no_recent_applications') parts.push(sql`${columns.appliedRecent} = 0`);
    return sql.join(parts, sql` and `);
  }

  async function toRow(row: BoardSqlRow): Promise<BoardRow> {
    const state = (['not_started', 'in_progress', 'complete'] as const)[row.onboarding_rank] ?? 'not_started';
    let step: number | null = null;
    if (state === 'in_progress') {
      const record = await onboarding.findOwn(row.id);
      step = Math.min(resumeStep(record), ONBOARDING_STEPS);
    }
    return {
      id: row.id,
      kind: row.kind,
      name: row.name ?? '',
      email: row.email,
      onboarding: { state, step, at: row.onboarding_at },
      welcome: {
        state: welcomeStateOf(row.welcome_status),
        at: row.welcome_status ? row.welcome_at : null,
        ever_sent: Number(row.welcome_ever_sent) === 1,
      },
      filters: Number(row.filters),
      jobs: Number(row.jobs),
      applied_recent: Number(row.applied_recent),
      last_active: row.last_active,
    };
  }

  return {
    async page(query: BoardRequest): Promise<BoardResponse> {
      const at = now();
      await refreshStats(at);
      const columns = expressions(at.toISOString());
      const where = conditions(query, columns);
      const dir = query.dir === 'asc' ? sql`asc` : sql`desc`;
      const key = columns.sortKeys[query.sort];
      // The onboarding column sorts by state, then by its date; never-active clients come last.
      const then = query.sort === 'onboarding' ? sql`, o.updated_at ${dir}` : sql``;
      const offset = (query.page - 1) * query.page_size;
      // One scan gives the page and, through the window, how many clients match in all.
      const ordered = await sql<{ id: string; total: number | string }>`select c.id, count(*) over () as total
          from ${clientsFrom()} where ${where}
          order by case when ${key} is null then 1 else 0 end, ${key} ${dir}${then}, c.id ${dir}
          limit ${query.page_size} offset ${offset}`.execute(db);
      // A page past the end has no row to carry the total, so only then is it counted on its own
      // (without the joins when nothing narrows the clients).
      const countMatching = async () =>
        (
          await sql<{
            total: number | string;
          }>`select count(*) as total from ${clientsFrom({ joins: Boolean(query.q || query.view) })} where ${where}`.execute(
            db,
          )
        ).rows[0]?.total;
      const total = ordered.rows[0]?.total ?? (offset > 0 ? await countMatching() : 0);
      const ids = ordered.rows.map((row) => row.id);
      const rows =
        ids.length === 0
          ? []
          : (
              await sql<BoardSqlRow>`select ${columns.columns} from ${clientsFrom()}
                where c.id in (${sql.join(ids)})`.execute(db)
            ).rows;
      const byId = new Map(rows.map((row) => [row.id, row]));
      return {
        data: await Promise.all(ids.flatMap((id) => (byId.has(id) ? [toRow(byId.get(id)!)] : []))),
        total: Number(total ?? 0),
        page: query.page,
        page_size: query.page_size,
      };
    },
  };
}

export type Board = ReturnType<typeof createBoard>;
