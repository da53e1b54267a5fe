import { type BoardQuery, boardQuerySchema } from '@app/domain/clients-board';

/**
 * What the clients board shows (search, view, sort and page), kept in the address as the board's own
 * API names it: `/admin?q=smith&view=incomplete_onboarding&sort=jobs&dir=asc&page=3`. A reload, a
 * shared link and Back from a client's page show the same clients. Values the board starts with are
 * left out, so `/admin` is the plain board; a value the API would refuse falls back to its default.
 */
export type BoardAddress = Omit<BoardQuery, 'page_size'>;

const KEYS = ['q', 'view', 'sort', 'dir', 'page'] as const satisfies readonly (keyof BoardAddress)[];
const DEFAULTS = boardQuerySchema.parse({});

export function readBoardAddress(params: URLSearchParams): BoardAddress {
  const given = Object.fromEntries(KEYS.flatMap((key) => (params.has(key) ? [[key, params.get(key)]] : [])));
  const parsed = boardQuerySchema.safeParse(given);
  const valid = parsed.success
    ? given
    : Object.fromEntries(
        Object.entries(given).filter(([key]) => !parsed.error.issues.some((issue) => issue.path[0] === key)),
      );
  const { page_size: _pageSize, ...address } = boardQuerySchema.parse(valid);
  return address;
}

/** The address's parameters for `address`, without the values the board starts with. */
export function writeBoardAddress(address: BoardAddress): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = address[key];
    if (value !== undefined && value !== '' && value !== DEFAULTS[key]) params.set(key, String(value));
  }
  return params;
}

/**
 * Where the board was last left in this tab, as its address's parameters: the client page's "All
 * clients" leads back there. Kept in the tab's session storage rather than in the history entry's
 * state, which a jump to one of the page's sections (a plain anchor) leaves behind, and so it also
 * survives a reload of the client page.
 */
const LAST_BOARD_KEY = 'clients-board:address';

/** Keeps `search`, the board's parameters as `writeBoardAddress` writes them. */
export function rememberBoardAddress(search: string): void {
  try {
    sessionStorage.setItem(LAST_BOARD_KEY, search);
  } catch (error) {
    // Storage can be unavailable (private modes, quotas): the link then leads to the plain board.
    console.error('Could not remember where the board was left', error);
  }
}

/** The board as it was last left in this tab (`/admin` when never, or when storage cannot be read). */
export function lastBoardPath(): string {
  let stored = '';
  try {
    stored = sessionStorage.getItem(LAST_BOARD_KEY) ?? '';
  } catch {
    // Unreadable: the plain board.
  }
  // Read as the address is, so what was stored is only ever a board the API would accept.
  const query = writeBoardAddress(readBoardAddress(new URLSearchParams(stored))).toString();
  return query ? `/admin?${query}` : '/admin';
}
