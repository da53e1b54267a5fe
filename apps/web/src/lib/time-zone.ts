import { apiFetch } from './api.ts';

/**
 * Tells the server the browser's time zone (IANA name), so the weekly summary arrives at the
 * client's own 09:00. Sent at each sign-in; a failure changes nothing the person can see.
 */
export async function sendBrowserTimeZone(): Promise<void> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) await apiFetch('/account/time-zone', { method: 'PUT', json: { time_zone: zone } });
}
