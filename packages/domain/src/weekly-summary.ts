/**
 * When a client's weekly summary is due (decision 036): once a week, on the configured day and hour
 * of the client's own time zone (the browser's at sign-in, else UTC). A week is named by the date of
 * its Monday in that zone, which is also the key the send is claimed under.
 */

/** The IANA zone when the runtime knows it, else null (stored zones are checked, never trusted). */
export function knownTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The wall-clock time at `now` in `zone`: its weekday, and the same time as if it were UTC. */
function wallClock(now: Date, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return { weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1, wall };
}

export interface SummaryWeek {
  /** The week's Monday in the zone, YYYY-MM-DD: the key its send is claimed under. */
  week: string;
  /** The week's send moment (its day and hour in the zone). */
  moment: Date;
  /** Whether the moment has come (a later run the same week still sends). */
  due: boolean;
}

/**
 * The week `now` falls in, in `zone`, and its send moment: ISO weekday `day` at `hour` o'clock. A
 * summary covers the jobs applied in the seven days up to its moment, so each job is in one week's
 * summary however late a run comes. (Across a daylight-saving change the moment can be an hour off.)
 */
export function summaryWeek(now: Date, zone: string, day: number, hour: number): SummaryWeek {
  const local = wallClock(now, zone);
  const offset = local.wall - now.getTime();
  const midnight = local.wall - (local.wall % DAY_MS);
  const monday = midnight - (local.weekday - 1) * DAY_MS;
  const moment = new Date(monday + (day - 1) * DAY_MS + hour * 60 * 60 * 1000 - offset);
  return {
    week: new Date(monday).toISOString().slice(0, 10),
    moment,
    due: now.getTime() >= moment.getTime(),
  };
}
