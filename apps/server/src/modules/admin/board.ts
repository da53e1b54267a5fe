import {
  type BoardColumn,
  type BoardQuery,
  type BoardResponse,
  type BoardRow,
  ONBOARDING_STEPS,
  RECENT_APPLICATION_DAYS,
  welcomeStateOf,
} from '@app/domain/clients-board';
import { startStep } from '@app/domain/onboarding-completeness';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OnboardingService } from '../onboarding/service.ts';

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
  filters: number;
  jobs: number;
  applied_recent: number;
  last_active: string | null;
}

/** The SQL expression each column sorts by; ties fall back to the id so pages never overlap. */
const SORT_KEYS: Record<BoardColumn, RawBuilder<unknown>> = {
  client: sql`lower(case when name = '' then email else name end)`,
  onboarding: sql`onboarding_rank`,
  welcome: sql`case welcome_status when 'sent' then 3 when 'queued' then 2 when 'sending' then 2 when 'failed' then 1 else 0 end`,
  filters: sql`filters`,
  jobs: sql`jobs`,
  applied_recent: sql`applied_recent`,
  last_active: sql`last_active`,
};

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
  now?: () => Date;
}) {
  const { db, onboarding } = deps;
  const now = deps.now ?? (() => new Date());

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

  /** Every client with the board's columns, as a derived table the page and the count both read. */
  function boardTable(): RawBuilder<BoardSqlRow> {
    const staffPattern = `%@${deps.staffEmailDomain.toLowerCase()}`;
    const complete = sql.lit(true);
    return sql<BoardSqlRow>`(
      select c.id, c.kind, c.email,
        coalesce(nullif(c.name, ''), trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, ''))) as name,
        case when o.id is null then 0 when o.onboarding_completed = ${complete} then 2 else 1 end as onboarding_rank,
        o.updated_at as onboarding_at,
        w.status as welcome_status,
        coalesce(w.sent_at, w.created_at) as welcome_at,
        (select count(*) from job_search_filters f where f.client_id = c.id) as filters,
        coalesce(s.jobs_count, 0) as jobs,
        case when s.applied_recent_until > ${now().toISOString()} then s.applied_recent else 0 end as applied_recent,
        (select max(coalesce(se.last_seen_at, se.created_at)) from sessions se where se.user_id = c.id) as last_active
      from (
        select u.id, 'user' as kind, u.email, trim(u.first_name || ' ' || u.last_name) as name
        from users u where lower(u.email) not like ${staffPattern}
        union all
        select p.id, 'pending' as kind, p.email, '' as name
        from pending_clients p where p.claimed_by_user_id is null
      ) c
      left join onboarding_submissions o on o.user_id = c.id
      left join client_board_stats s on s.client_id = c.id
      left join mail_outbox w on w.id = (
        select m.id from mail_outbox m where m.client_id = c.id and m.kind = 'welcome'
        order by m.created_at desc, m.id desc limit 1
      )
    )`;
  }

  function conditions(query: BoardQuery): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
    if (query.q) {
      const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      parts.push(
        sql`(lower(b.name) like ${pattern} escape '\\' or lower(b.email) like ${pattern} escape '\\')`,
      );
    }
    if (query.view === 'incomplete_onboarding') parts.push(sql`b.onboarding_rank < 2`);
    if (query.view === 'waiting_for_welcome') {
      parts.push(sql`b.onboarding_rank = 2 and (b.welcome_status is null or b.welcome_status <> 'sent')`);
    }
    if (query.view === 'no_recent_applications') parts.push(sql`b.applied_recent = 0`);
    return sql.join(parts, sql` and `);
  }

  async function toRow(row: BoardSqlRow): Promise<BoardRow> {
    const state = (['not_started', 'in_progress', 'complete'] as const)[row.onboarding_rank] ?? 'not_started';
    let step: number | null = null;
    if (state === 'in_progress') {
      const record = await onboarding.findOwn(row.id);
      step = Math.min(startStep(record), ONBOARDING_STEPS);
    }
    return {
      id: row.id,
      kind: row.kind,
      name: row.name ?? '',
      email: row.email,
      onboarding: { state, step, at: row.onboarding_at },
      welcome: { state: welcomeStateOf(row.welcome_status), at: row.welcome_status ? row.welcome_at : null },
      filters: Number(row.filters),
      jobs: Number(row.jobs),
      applied_recent: Number(row.applied_recent),
      last_active: row.last_active,
    };
  }

  return {
    refreshStats: () => refreshStats(now()),

    async page(query: BoardQuery): Promise<BoardResponse> {
      await refreshStats(now());
      const where = conditions(query);
      const dir = query.dir === 'asc' ? sql`asc` : sql`desc`;
      const key = SORT_KEYS[query.sort];
      // The onboarding column sorts by state, then by its date.
      const then = query.sort === 'onboarding' ? sql`, b.onboarding_at ${dir}` : sql``;
      const offset = (query.page - 1) * query.page_size;
      const [rows, total] = await Promise.all([
        sql<BoardSqlRow>`select * from ${boardTable()} b where ${where}
          order by case when ${key} is null then 1 else 0 end, ${key} ${dir}${then}, b.id ${dir}
          limit ${query.page_size} offset ${offset}`.execute(db),
        sql<{ total: number }>`select count(*) as total from ${boardTable()} b where ${where}`.execute(db),
      ]);
      return {
        data: await Promise.all(rows.rows.map(toRow)),
        total: Number(total.rows[0]?.total ?? 0),
        page: query.page,
        page_size: query.page_size,
      };
    },
  };
}

export type Board = ReturnType<typeof createBoard>;
