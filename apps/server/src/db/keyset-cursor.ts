import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { BadRequest } from '../errors.ts';

/**
 * Paging newest first through a list ordered by a timestamp, ties broken by id (the activity log,
 * the outbox): a page's cursor is the position of its last row, so the next page starts just after
 * it, whatever was added meanwhile. The cursor is opaque to clients: base64url of `<timestamp>|<id>`.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

/** The position a cursor names, or null for anything `encodeKeysetCursor` did not make. */
function decodeKeysetCursor(cursor: string): KeysetPosition | null {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || rest.length > 0 || Number.isNaN(Date.parse(at))) return null;
  return { at, id };
}

/**
 * The rows that come after `position` newest first: older, or as old with a smaller id. `columns`
 * names the list's timestamp and id columns.
 */
export function afterKeysetPosition(
  columns: { at: string; id: string },
  position: KeysetPosition,
): RawBuilder<SqlBool> {
  const at = sql.ref(columns.at);
  const id = sql.ref(columns.id);
  return sql<SqlBool>`(${at} < ${position.at} or (${at} = ${position.at} and ${id} < ${position.id}))`;
}

export const BAD_CURSOR_MESSAGE = 'cursor is not one this list gave out';

/**
 * One page of such a list: `cursor` is the previous page's `next_cursor` (none or empty for the
 * first page; any other text it did not give out is refused with BAD_CURSOR_MESSAGE, a 400). `read`
 * is asked for one row more than the page holds, to learn whether another page follows.
 */
export async function readKeysetPage<Row, Item>(options: {
  cursor: string | undefined;
  limit: number;
  read(after: KeysetPosition | undefined, count: number): Promise<Row[]>;
  positionOf(row: Row): KeysetPosition;
  toItem(row: Row): Item;
}): Promise<{ data: Item[]; next_cursor: string | null }> {
  const { cursor, limit } = options;
  const after = cursor ? (decodeKeysetCursor(cursor) ?? undefined) : undefined;
  if (cursor && !after) throw BadRequest(BAD_CURSOR_MESSAGE);
  const rows = await options.read(after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(options.toItem),
    next_cursor: rows.length > limit && last ? encodeKeysetCursor(options.positionOf(last)) : null,
  };
}
