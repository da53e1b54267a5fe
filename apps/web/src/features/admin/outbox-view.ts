import type { OutboxStatus } from '@app/domain/admin-email';

/** How the console shows an outbox message: each status in words, so colour is never the only signal. */
export const OUTBOX_STATUS_VIEW: Record<OutboxStatus, { label: string; classes: string }> = {
  sent: { label: 'Sent', classes: 'bg-green-50 text-green-800' },
  queued: { label: 'Queued (not sent yet)', classes: 'bg-amber-50 text-amber-900' },
  sending: { label: 'Sending', classes: 'bg-sky-50 text-sky-900' },
  failed: { label: 'Failed', classes: 'bg-red-50 text-red-800' },
  cancelled: { label: 'Cancelled', classes: 'bg-neutral-100 text-neutral-800' },
};

export const OUTBOX_KIND_LABELS: Record<string, string> = {
  welcome: 'Welcome Email (Client)',
  team_notification: 'Team Notification',
  weekly_summary: 'Weekly Summary',
};
