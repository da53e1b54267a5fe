import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query client. Failures are shown to the person at once, with the spec's message;
 * one quiet retry covers a blip. Reads and writes run whatever the browser says of the network
 * (`networkMode: 'always'`): TanStack Query would otherwise hold them while the browser reports
 * itself offline, leaving a decision shown as made but never sent (lost on a reload), a notes
 * dialog stuck on Saving... and a list spinning, all without a word. Sent anyway, they fail as any
 * lost connection does, with the message that says what to do, and roll back.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
}
