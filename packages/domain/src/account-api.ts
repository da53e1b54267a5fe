/**
 * What the browser and the server say to each other about the person's own account (decisions 036
 * and 037): deleting it, the weekly summary's switch, and the time zone it follows.
 */
import { z } from 'zod';

/** Deleting the account is confirmed by typing the e-mail address the person signs in with. */
export const DELETE_CONFIRMATION_MESSAGE = 'Type the e-mail address you sign in with to delete your account.';
/** Staff accounts stay: the activity log's record of their work on clients goes with them otherwise. */
export const STAFF_ACCOUNT_KEPT_MESSAGE =
  "Staff accounts cannot be deleted here: the team's record of your work with clients stays.";
export const deleteAccountBodySchema = z.object({ email: z.string().max(320) });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** Whether the weekly summary is sent: read, and set by the switch on the preferences page. */
export const weeklySummarySchema = z.object({ subscribed: z.boolean() });
export type WeeklySummarySetting = z.infer<typeof weeklySummarySchema>;

/** The browser's IANA time zone, sent at sign-in; the answer is null for a zone the server does not know. */
export const timeZoneBodySchema = z.object({ time_zone: z.string().max(64) });
export type TimeZoneBody = z.infer<typeof timeZoneBodySchema>;
export const timeZoneResponseSchema = z.object({ time_zone: z.string().nullable() });
