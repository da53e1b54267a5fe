/**
 * The cached profile-completeness flag (spec 1, sections 4 and 9): a cookie on `/`, kept 7 days,
 * SameSite Strict, holding `{ isComplete, timestamp }`. Failures are only logged: the flag is a cache,
 * and the completeness check on the server remains the truth.
 */

export const PROFILE_COMPLETE_COOKIE = 'profile_complete';
const MAX_AGE_SECONDS = 604800;

export interface ProfileCompleteCookie {
  isComplete: boolean;
  /** When the value was stored, in milliseconds since the epoch. */
  timestamp: number;
}

export function setProfileCompleteCookie(isComplete: boolean): void {
  try {
    const value: ProfileCompleteCookie = { isComplete, timestamp: Date.now() };
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support.
    document.cookie = `${PROFILE_COMPLETE_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; path=/; max-age=${MAX_AGE_SECONDS}; SameSite=Strict`;
  } catch (error) {
    console.error('Could not store the profile completeness cookie', error);
  }
}

/** The stored flag, or null when it is absent or cannot be read. */
export function readProfileCompleteCookie(): ProfileCompleteCookie | null {
  try {
    const entry = document.cookie.split('; ').find((part) => part.startsWith(`${PROFILE_COMPLETE_COOKIE}=`));
    if (!entry) return null;
    const value: unknown = JSON.parse(decodeURIComponent(entry.slice(PROFILE_COMPLETE_COOKIE.length + 1)));
    if (
      value &&
      typeof value === 'object' &&
      'isComplete' in value &&
      typeof value.isComplete === 'boolean' &&
      'timestamp' in value &&
      typeof value.timestamp === 'number'
    ) {
      return { isComplete: value.isComplete, timestamp: value.timestamp };
    }
    console.error('The profile completeness cookie has an unexpected shape');
    return null;
  } catch (error) {
    console.error('Could not read the profile completeness cookie', error);
    return null;
  }
}

export function removeProfileCompleteCookie(): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support.
    document.cookie = `${PROFILE_COMPLETE_COOKIE}=; path=/; max-age=0; SameSite=Strict`;
  } catch (error) {
    console.error('Could not remove the profile completeness cookie', error);
  }
}
