import type { LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';

/**
 * An e-mail's status on the preferences page and the button that switches it: the Career Coaching
 * e-mail and the weekly summary read alike.
 */
export function SubscriptionSwitch({
  icon: Icon,
  subscribed,
  busy,
  onToggle,
  buttonNames,
}: {
  icon: LucideIcon;
  subscribed: boolean;
  busy: boolean;
  onToggle(subscribe: boolean): void;
  /** Accessible names for the button when its text alone would not say which e-mail it switches. */
  buttonNames?: { subscribe: string; unsubscribe: string };
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="flex items-center gap-2 text-sm text-neutral-700">
        <Icon className="size-4 text-neutral-500" aria-hidden="true" />
        Status:{' '}
        <span className={`font-medium ${subscribed ? 'text-green-800' : 'text-neutral-900'}`}>
          {subscribed ? 'Subscribed' : 'Unsubscribed'}
        </span>
      </p>
      <Button
        variant={subscribed ? 'secondary' : 'primary'}
        busy={busy}
        aria-label={buttonNames && (subscribed ? buttonNames.unsubscribe : buttonNames.subscribe)}
        onClick={() => onToggle(!subscribed)}
      >
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </Button>
    </div>
  );
}
