import type { TimeZoneBody } from '@app/domain/account-api';
import { apiFetch } from './api.ts';

/**
 * Tells the server the browser's time zone (IANA name), so the weekly summary arrives at the
 * client's own 09:00. Sent at each sign-in; a failure changes nothing the person can see.
 */
export async function sendBrowserTimeZone(): Promise<void> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) {
    const body: TimeZoneBody = { time_zone: zone };
    await apiFetch('/account/time-zone', { method: 'PUT', json: body });
  }
}
