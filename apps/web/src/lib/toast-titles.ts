/**
 * A toast's title that screens of different features share, in the spec's words: a failed save of
 * a job's notes (spec 2), of its outcome, and of an onboarding step.
 */
export const SAVE_FAILED_TITLE = 'Save Failed';
