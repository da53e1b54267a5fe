/**
 * The answers a person has typed but not yet saved, kept in this tab's session storage under their
 * user id. A session that expires mid-form sends the tab to the sign-in screen; signing in again
 * brings the wizard back with these answers instead of losing them; a deliberate sign-out forgets
 * them (`forgetWorkInProgress`). Storage can be unavailable (private modes, quotas), so every
 * access tolerates failure.
 */
import { type OnboardingFields, onboardingFieldsSchema } from '@app/domain/onboarding-fields';
import { z } from 'zod';
import { onboardingDraftKey } from '../../lib/storage.ts';

export interface OnboardingDraft {
  /** The wizard step the person was on. */
  step: number;
  /** Only the fields they changed from what the server holds. */
  changes: Partial<OnboardingFields>;
}

const draftSchema = z.object({
  step: z.number().int(),
  changes: onboardingFieldsSchema.partial(),
});

export function readOnboardingDraft(userId: string): OnboardingDraft | null {
  try {
    const stored = sessionStorage.getItem(onboardingDraftKey(userId));
    if (stored === null) return null;
    // Anything unreadable is dropped whole: a draft must never put a wrong value into the form.
    const parsed = draftSchema.safeParse(JSON.parse(stored));
    return parsed.success ? (parsed.data as OnboardingDraft) : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; one without changes is removed, since everything in it is saved. */
export function writeOnboardingDraft(userId: string, draft: OnboardingDraft): void {
  try {
    if (Object.keys(draft.changes).length === 0) sessionStorage.removeItem(onboardingDraftKey(userId));
    else sessionStorage.setItem(onboardingDraftKey(userId), JSON.stringify(draft));
  } catch (error) {
    console.error('Could not keep the unsaved onboarding answers', error);
  }
}

export function clearOnboardingDraft(userId: string): void {
  try {
    sessionStorage.removeItem(onboardingDraftKey(userId));
  } catch (error) {
    console.error('Could not forget the unsaved onboarding answers', error);
  }
}
