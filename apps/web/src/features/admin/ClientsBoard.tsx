import {
  BOARD_COLUMNS,
  BOARD_PAGE_SIZE,
  BOARD_VIEWS,
  type BoardColumn,
  type BoardResponse,
  type BoardRow,
  type BoardView,
  boardRowSchema,
  clientLabel,
  clientName,
  ONBOARDING_STEPS,
} from '@app/domain/clients-board';
import { formatCount } from '@app/domain/jobs-format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { format, parseISO } from 'date-fns';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { allChosen, Checkbox, Field, Input } from '../../components/ui/Field.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { ColumnHeader } from '../../components/ui/VirtualTable.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { readChosenClients, rememberBoardAddress, rememberChosenClients } from '../../lib/storage.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { fetchBoard } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { type BoardAddress, readBoardAddress, writeBoardAddress } from './board-address.ts';
import { BOARD_REFRESH_MS, refreshWhileGoing } from './outbox/outbox-refresh.ts';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';
import { WelcomeBatch } from './WelcomeBatch.tsx';

const day = (iso: string | null) => (iso ? format(parseISO(iso), 'MMM d, yyyy') : '');

export function onboardingLabel(row: BoardRow): string {
  const { state, step, at } = row.onboarding;
  if (state === 'not_started') return 'Not started';
  if (state === 'complete') return `Complete, ${day(at)}`;
  return `Step ${step ?? 1} of ${ONBOARDING_STEPS}, ${day(at)}`;
}

function lastActiveLabel(row: BoardRow): string {
  return row.last_active ? day(row.last_active) : 'Never';
}

/** Where the newest welcome e-mail stands, and that one went before when a newer one waits or failed. */
export function welcomeLabel(row: BoardRow): string {
  const { state, at, ever_sent: everSent } = row.welcome;
  const before = everSent ? ', one sent before' : '';
  if (state === 'sent') return `Sent on ${day(at)}`;
  if (state === 'queued') return `Queued${before}`;
  if (state === 'failed') return `Failed${before}`;
  return 'Not sent';
}

// The server sorts and pages; the table only lays the rows out.
const features = tableFeatures({});
const column = createColumnHelper<typeof features, BoardRow>();

const columns = [
  column.display({
    id: 'client',
    header: BOARD_COLUMNS.client,
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link
          to={`/admin/clients/${encodeURIComponent(row.original.id)}`}
          className={`font-medium text-neutral-900 underline-offset-2 hover:underline ${focusRing}`}
        >
          {clientName(row.original)}
        </Link>
        {/* On a phone the client is the only column: a long address breaks anywhere to fit it. */}
        <div className="text-xs wrap-anywhere text-neutral-600 sm:wrap-break-word">
          {row.original.email}
          {row.original.kind === 'pending' && ' (not signed in yet)'}
        </div>
        <PhoneSummary row={row.original} />
      </div>
    ),
  }),
  column.display({
    id: 'onboarding',
    header: BOARD_COLUMNS.onboarding,
    cell: ({ row }) => onboardingLabel(row.original),
  }),
  column.display({
    id: 'welcome',
    header: BOARD_COLUMNS.welcome,
    cell: ({ row }) => welcomeLabel(row.original),
  }),
  column.display({
    id: 'filters',
    header: BOARD_COLUMNS.filters,
    cell: ({ row }) => formatCount(row.original.filters),
  }),
  column.display({
    id: 'jobs',
    header: BOARD_COLUMNS.jobs,
    cell: ({ row }) => formatCount(row.original.jobs),
  }),
  column.display({
    id: 'applied_recent',
    header: BOARD_COLUMNS.applied_recent,
    cell: ({ row }) => formatCount(row.original.applied_recent),
  }),
  column.display({
    id: 'last_active',
    header: BOARD_COLUMNS.last_active,
    cell: ({ row }) => lastActiveLabel(row.original),
  }),
];

/**
 * On a phone the other columns do not fit beside the client: what they say is listed under the
 * name instead (those columns are hidden below the sm width).
 */
function PhoneSummary({ row }: { row: BoardRow }) {
  const facts: Array<[string, string]> = [
    [BOARD_COLUMNS.onboarding, onboardingLabel(row)],
    [BOARD_COLUMNS.welcome, welcomeLabel(row)],
    [BOARD_COLUMNS.jobs, `${formatCount(row.jobs)}, ${formatCount(row.applied_recent)} applied in 7 days`],
    [BOARD_COLUMNS.last_active, lastActiveLabel(row)],
  ];
  return (
    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-neutral-700 sm:hidden">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-neutral-500">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Below the sm width only the client column shows (with PhoneSummary); the rest from sm up. */
const wideOnly = (id: string) => (id === 'client' ? '' : 'hidden sm:table-cell');

/** The clients `userId` chose earlier in this tab, when what was kept still reads as board rows. */
function keptChoice(userId: string): Map<string, BoardRow> {
  const kept = boardRowSchema.array().safeParse(readChosenClients(userId));
  return new Map(kept.success ? kept.data.map((row) => [row.id, row]) : []);
}

const numeric = new Set<BoardColumn>(['filters', 'jobs', 'applied_recent']);

/** The checkbox's cell: a click anywhere in it never opens the client. */
const checkboxCell = 'w-10 px-3 py-2 align-top';

/**
 * The clients board: every client and pending client, searched as staff type, narrowed to a saved
 * view, sorted by any column and paged by the server. A row's name opens the client; so does a
 * click anywhere on the row but its checkbox. Chosen clients stay chosen across searches, views,
 * pages and a look at one of them, so staff can gather them before acting on all of them at once.
 * Both the choice and where the board was left are kept for `userId`, the recruiter signed in: a
 * search names a client, and the next person at the device must not find it.
 */
export function ClientsBoard({ userId }: { userId: string }) {
  const guard = useStaffGuard();
  const navigate = useNavigate();
  // What the board shows lives in the address (see board-address.ts), so Back from a client's page
  // returns to the same clients; the search box keeps its own text so that typing never waits for it.
  const [params, setParams] = useSearchParams();
  const address = readBoardAddress(params);
  const { page } = address;
  const view = address.view ?? '';
  const sort = { column: address.sort, desc: address.dir === 'desc' };
  // A change builds on the last address written, not on this render's: two made before the board
  // renders again (a view pressed, then a letter typed at once) would otherwise keep only the second.
  const written = useRef(address);
  written.current = address;
  // One entry for the board: Back leaves it rather than stepping through each search or page.
  const show = (change: Partial<BoardAddress>) => {
    written.current = { ...written.current, ...change };
    setParams(writeBoardAddress(written.current), { replace: true });
  };
  // Remembered for the client page's "All clients", which leads back to the board as it was left.
  const here = writeBoardAddress(address).toString();
  useEffect(() => rememberBoardAddress(userId, here), [userId, here]);
  const [search, setSearch] = useState(address.q ?? '');
  const [selected, setSelected] = useState<ReadonlyMap<string, BoardRow>>(() => keptChoice(userId));
  useEffect(() => rememberChosenClients(userId, [...selected.values()]), [userId, selected]);
  const q = useDeferredValue(search.trim());

  // The board's own parameters, with the search as typed a moment ago (the deferred text).
  const query = writeBoardAddress({ ...address, q });
  const board = useQuery({
    queryKey: adminQueryKeys.board(query.toString()),
    queryFn: async () => dataOrThrow(guard(await fetchBoard(query)), GENERIC_ERROR),
    placeholderData: keepPreviousData,
    // The outbox's rule (decision 033): while a row's welcome e-mail is queued or being sent (both
    // `queued` here), the page is read again, every 30 seconds, so "Queued" gives way to "Sent".
    refetchInterval: refreshWhileGoing(
      (page: BoardResponse) => page.data.some((row) => row.welcome.state === 'queued'),
      BOARD_REFRESH_MS,
    ),
  });
  const failure = useLoadFailure(board);
  const reason = failureMessage(failure.error, GENERIC_ERROR);

  const rows = board.data?.data ?? [];
  // While another page loads, the rows on screen are still the last page's: choosing them would
  // choose clients the recruiter is paging away from, so their checkboxes cannot be used meanwhile.
  const held = board.isPlaceholderData;
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
  });

  const selectedOnPage = rows.filter((row) => selected.has(row.id)).length;
  // A chosen client's row as the board shows it now when it is on this page, else as it was chosen.
  const onPage = new Map(rows.map((row) => [row.id, row]));
  const chosen = [...selected.values()].map((row) => onPage.get(row.id) ?? row);
  const toggle = (row: BoardRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(row.id)) next.set(row.id, row);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      const everyOneChosen = rows.length > 0 && rows.every((row) => current.has(row.id));
      for (const row of rows) {
        if (everyOneChosen) next.delete(row.id);
        else next.set(row.id, row);
      }
      return next;
    });
  const unselect = (ids: readonly string[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });

  const sortBy = (columnId: BoardColumn) => {
    const desc = sort.column === columnId ? !sort.desc : numeric.has(columnId) || columnId === 'last_active';
    show({ sort: columnId, dir: desc ? 'desc' : 'asc', page: 1 });
  };
  const total = board.data?.total ?? 0;
  const pageSize = board.data?.page_size ?? BOARD_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Clients leave a view while staff page through it (a welcome e-mail sent, a colleague's change):
  // a page past the new last one shows the last one instead of an empty table.
  const pastTheLastPage = board.data !== undefined && !board.isPlaceholderData && page > pages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `show` is new each render; the page decides.
  useEffect(() => {
    if (pastTheLastPage) show({ page: pages });
  }, [pastTheLastPage, pages]);

  return (
    <Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="Search clients" className="flex-1">
          {(control) => (
            <Input
              {...control}
              type="search"
              autoComplete="off"
              placeholder="Name or e-mail"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                show({ q: event.target.value, page: 1 });
              }}
            />
          )}
        </Field>
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-medium text-neutral-900">Views</legend>
          <div className="flex flex-wrap gap-1">
            {(['', ...Object.keys(BOARD_VIEWS)] as (BoardView | '')[]).map((key) => (
              <Button
                key={key || 'all'}
                size="sm"
                variant={view === key ? 'primary' : 'secondary'}
                aria-pressed={view === key}
                onClick={() => show({ view: key || undefined, page: 1 })}
              >
                {key ? BOARD_VIEWS[key] : 'All clients'}
              </Button>
            ))}
          </div>
        </fieldset>
      </div>
      <p className="mt-4 text-sm text-neutral-700" aria-live="polite">
        {board.isPending
          ? 'Loading clients...'
          : `${formatCount(total)} ${total === 1 ? 'client' : 'clients'}`}
      </p>
      <LoadFailure
        className="mt-2"
        failure={failure}
        message={reason}
        refreshNote={`Could not refresh the board, so it shows the clients as last loaded: ${reason}`}
      />
      <WelcomeBatch
        selected={chosen}
        onSent={(ids) => {
          unselect(ids);
          // Those sent to may leave the view, moving everyone after them up a page: paging on from
          // here would skip clients, so the board starts again from its first page.
          show({ page: 1 });
        }}
        onClear={() => setSelected(new Map())}
      />
      <div className="mt-2 overflow-x-auto rounded-lg border border-neutral-200">
        <table aria-label="Clients" className="w-full text-sm sm:min-w-[56rem]" aria-busy={board.isFetching}>
          <thead className="bg-neutral-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                <th scope="col" className={checkboxCell}>
                  <Checkbox
                    label="Select all clients on this page"
                    checked={allChosen(selectedOnPage, rows.length)}
                    onChange={togglePage}
                    disabled={held}
                  />
                </th>
                {group.headers.map((header) => {
                  const id = header.column.id as BoardColumn;
                  return (
                    <ColumnHeader
                      key={header.id}
                      row="table"
                      className={wideOnly(id)}
                      sortable
                      direction={sort.column === id ? (sort.desc ? 'desc' : 'asc') : undefined}
                      onSort={() => sortBy(id)}
                    >
                      <table.FlexRender header={header} />
                    </ColumnHeader>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className="cursor-pointer border-t border-neutral-200 hover:bg-neutral-50"
                onClick={(event) => {
                  // The name is a link already; a click elsewhere on the row opens the client too,
                  // except on the checkbox's cell, which chooses the client.
                  if ((event.target as HTMLElement).closest('a, [data-select-cell]')) return;
                  navigate(`/admin/clients/${encodeURIComponent(row.id)}`);
                }}
              >
                <td className={checkboxCell} data-select-cell="">
                  <Checkbox
                    label={`Select ${clientLabel(row.original)}`}
                    checked={selected.has(row.id)}
                    onChange={() => toggle(row.original)}
                    disabled={held}
                  />
                </td>
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 align-top text-neutral-800 ${wideOnly(cell.column.id)}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {board.data && board.data.data.length === 0 && (
              <tr>
                <td colSpan={columns.length + 1} className="px-3 py-6 text-center text-neutral-600">
                  No clients match.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {/* Never disabled (aria-disabled instead): focus stays on Next when it reaches the last page. */}
      <nav aria-label="Pages of clients" className="mt-3 flex items-center justify-between gap-2 text-sm">
        <Button
          size="sm"
          variant="secondary"
          aria-disabled={page <= 1 || undefined}
          onClick={() => page > 1 && show({ page: page - 1 })}
        >
          Previous
        </Button>
        <span className="text-neutral-700">
          {board.isFetching && !board.isPending ? <Spinner label="Loading..." /> : `Page ${page} of ${pages}`}
        </span>
        <Button
          size="sm"
          variant="secondary"
          aria-disabled={page >= pages || undefined}
          onClick={() => page < pages && show({ page: page + 1 })}
        >
          Next
        </Button>
      </nav>
    </Card>
  );
}
