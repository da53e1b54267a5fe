import Bowser from 'bowser';
import { apiFetch, apiFetchData, dataOrThrow } from '../../lib/api.ts';

/** A signed-in device as GET /api/account/sessions lists it. */
export interface SignedInDevice {
  id: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

export const devicesQueryKey = ['account-sessions'] as const;

export async function fetchDevices(): Promise<SignedInDevice[]> {
  return dataOrThrow(await apiFetchData<SignedInDevice[]>('/account/sessions'));
}

/** Signs out every other device; answers how many were signed out. */
export async function signOutOtherDevices(): Promise<number> {
  return dataOrThrow(
    await apiFetch<{ ended: number }>('/account/sessions/sign-out-others', { method: 'POST' }),
  ).ended;
}

/** "Chrome on Linux", from what the browser said when it signed in. */
export function deviceName(userAgent: string): string {
  if (userAgent.trim() === '') return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown device';
}
