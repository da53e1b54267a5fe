import type { WeeklySummarySetting } from '@app/domain/account-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import { Card } from '../../components/ui/Card.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { LoadingLine } from '../../components/ui/Spinner.tsx';
import { apiFetch, dataOrThrow, failureMessage } from '../../lib/api.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { SubscriptionSwitch } from './SubscriptionSwitch.tsx';

const weeklySummaryQueryKey = ['weekly-summary'] as const;
const UPDATE_FAILED_FALLBACK = 'Please try again later.';

async function fetchWeeklySummary(): Promise<boolean> {
  return dataOrThrow(await apiFetch<WeeklySummarySetting>('/weekly-summary')).subscribed;
}

async function updateWeeklySummary(subscribed: boolean): Promise<boolean> {
  const answer = await apiFetch<WeeklySummarySetting>('/weekly-summary', {
    method: 'PUT',
    json: { subscribed } satisfies WeeklySummarySetting,
  });
  return dataOrThrow(answer).subscribed;
}

/**
 * The Weekly summary switch (decision 036): once a week, Monday 09:00 in the client's time zone, an
 * e-mail of the jobs our team applied to, and only when there are some.
 */
export function WeeklySummaryCard() {
  const queryClient = useQueryClient();
  const summary = useQuery({ queryKey: weeklySummaryQueryKey, queryFn: fetchWeeklySummary });
  const failure = useLoadFailure(summary);
  const toggle = useMutation({
    mutationFn: updateWeeklySummary,
    onSuccess: (subscribed) => {
      queryClient.setQueryData(weeklySummaryQueryKey, subscribed);
      toast.success('Preferences Updated', {
        description: subscribed
          ? "You'll get the weekly summary of your applications."
          : "You've been unsubscribed from the weekly summary.",
      });
    },
    onError: (error) =>
      toast.error('Update Failed', { description: failureMessage(error, UPDATE_FAILED_FALLBACK) }),
  });
  return (
    <Card
      title="Weekly Summary"
      description="Once a week, the jobs we applied to for you, sent only when there is something new."
    >
      <div className="space-y-3">
        <LoadFailure
          failure={failure}
          message="Your current status could not be loaded."
          refreshNote="Could not refresh your status, so it shows it as last loaded."
        />
        {summary.data === undefined && !failure.failed && <LoadingLine>Loading...</LoadingLine>}
        {summary.data !== undefined && (
          <SubscriptionSwitch
            icon={CalendarClock}
            subscribed={summary.data}
            busy={toggle.isPending}
            onToggle={toggle.mutate}
            buttonNames={{
              subscribe: 'Subscribe to the weekly summary',
              unsubscribe: 'Unsubscribe from the weekly summary',
            }}
          />
        )}
      </div>
    </Card>
  );
}
