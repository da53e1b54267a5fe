/** The staff console's messages (spec 2, sections 5 and 8), word for word. */

export const GENERIC_ERROR = 'An error occurred';
export const SEND_WELCOME_FAILED = 'Failed to send email';
export const SEND_TEAM_FAILED = 'Failed to send team notification';
export const GENERATE_FILTERS_FAILED = 'Failed to generate filters';
export const SAVE_FILTERS_FAILED = 'Failed to save filters';

export const FILTERS_GENERATED = 'Filters generated successfully!';
export const FILTERS_DOWNLOADED = 'Filters JSON downloaded successfully!';
export function filtersSaved(documentId: string): string {
  return `Filters saved to database successfully! Document ID: ${documentId}`;
}
