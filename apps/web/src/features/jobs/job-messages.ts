import type { ClientApproval } from '@app/domain/jobs';
import { formatCount } from '@app/domain/jobs-format';
import { SAVE_FAILED_TITLE } from '../../lib/toast-titles.ts';

/** The jobs screens' words (spec 2, sections 2 and 8), copied exactly. */

export const LOAD_ERROR_TITLE = 'Error Loading Jobs';
export const LOAD_THROWN_TITLE = 'Error';
export const LOAD_THROWN_MESSAGE = 'Failed to load jobs. Please try again.';

export const UPDATE_FAILED_TITLE = 'Update Failed';
export const updateFailedMessage = (serialNumber: number, title: string, reason: string | null) =>
  `Failed to update S.No ${serialNumber} (${title}): ${reason || 'Unknown error'}`;

export const BULK_FAILED_TITLE = 'Bulk Update Failed';
export const bulkNotFoundMessage = (serialNumbers: readonly number[]) =>
  `Failed to update S.No: ${serialNumbers.join(', ')}`;
export const bulkFailedMessage = (approval: ClientApproval, count: number) =>
  approval === 'rejected'
    ? `Failed to reject ${formatCount(count)} selected jobs`
    : `Failed to clear rejections for ${formatCount(count)} selected jobs`;

export const NOTES_SAVE_FAILED_TITLE = SAVE_FAILED_TITLE;
export const NOTES_SAVE_FAILED_MESSAGE = 'Failed to save notes. Please try again.';
export const NOTES_SAVED_TITLE = 'Notes Saved';
export const NOTES_SAVED_MESSAGE = 'Your notes have been saved successfully';

/**
 * Not the spec's words: the notes dialog opened on notes changed elsewhere since a draft began. Shown
 * while the box holds those notes; writing on them replaces the draft, as it says.
 */
export const NOTES_CHANGED_SINCE_DRAFT_MESSAGE =
  'These notes changed since you last wrote here. Your unsaved version is kept unless you write on these instead.';
export const BRING_BACK_DRAFT_LABEL = 'Bring Back My Unsaved Version';

export const EMAIL_COPIED_TITLE = 'Email Copied';
export const COPY_FAILED_TITLE = 'Copy Failed';
export const COPY_FAILED_MESSAGE = 'Unable to copy email to clipboard';

export const APPLYING_FILTERS = 'Applying filters...';
export const FILTERS_APPLIED = 'Filters Applied';
export const NO_MATCHES_TITLE = 'No jobs match your filters';
export const NO_MATCHES_HINT = 'Try adjusting your filter settings above';

/** Spec 2, section 9: the badge and the copied indicator. */
export const FILTERS_APPLIED_MS = 1000;
export const EMAIL_COPIED_MS = 2000;

/** Not the spec's words: a list with no jobs yet is looked at again on request. */
export const CHECK_FOR_JOBS = 'Check for New Jobs';
export const CHECKING_FOR_JOBS = 'Checking...';
export const NO_NEW_JOBS_YET = 'No jobs yet. They appear here as soon as our team assigns them.';

/** Not the spec's words: why 'Total Applied Jobs' is larger than the approved applications listed. */
export const rejectedAppliedNote = (count: number) =>
  count === 1
    ? 'The total includes one job you rejected, which the table below lists with Decision: All.'
    : `The total includes ${formatCount(count)} jobs you rejected, which the table below lists with Decision: All.`;
