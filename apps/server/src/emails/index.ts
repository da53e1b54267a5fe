/**
 * The e-mail templates. They are JSX, which Node cannot load by itself, so they are imported only
 * after the `.tsx` transform is in place (an `import` statement would be loaded before it).
 * Under Vitest, Vite compiles them instead and the transform stays unused.
 */
import './jsx-transform.ts';

export type { RenderedEmail } from './render.ts';
export { renderEmail } from './render.ts';

export const { TeamNotificationEmail, teamNotificationSubject } = await import('./team-notification.tsx');
export const { WelcomeEmail, welcomeSubject } = await import('./welcome.tsx');
export const { WeeklySummaryEmail, weeklySummarySubject } = await import('./weekly-summary.tsx');
