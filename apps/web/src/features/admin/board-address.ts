import { type BoardQuery, boardQuerySchema } from '@app/domain/clients-board';
import { readRememberedBoardAddress } from '../../lib/storage.ts';

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
 * The board as `userId` last left it in this tab (`/admin` when never, or when storage cannot be
 * read), for the client page's "All clients".
 */
export function lastBoardPath(userId: string): string {
  const stored = readRememberedBoardAddress(userId);
  // Read as the address is, so what was stored is only ever a board the API would accept.
  const query = writeBoardAddress(readBoardAddress(new URLSearchParams(stored))).toString();
  return query ? `/admin?${query}` : '/admin';
}
