import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Paging newest first through a list ordered by a timestamp, ties broken by id (the activity log,
 * the outbox): a page's cursor is the position of its last row, so the next page starts just after
 * it, whatever was added meanwhile. The cursor is opaque to clients: base64url of `<timestamp>|<id>`.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

/** The position a cursor names, or null for anything `encodeKeysetCursor` did not make. */
export function decodeKeysetCursor(cursor: string): KeysetPosition | null {
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
