import type { OnboardingRecord } from '@app/domain/onboarding-fields';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFocusOnChange } from '../../lib/focus.ts';
import { useNewsletterChange } from '../../lib/profile-record.ts';

const NEWSLETTER_UPDATED_TITLE = 'Newsletter Updated';
const NEWSLETTER_FAILED_TITLE = 'Update Failed';
const NEWSLETTER_FAILED_MESSAGE = 'Failed to update newsletter subscription. Please try again.';
const NEWSLETTER_ERROR_MESSAGE = 'An error occurred while updating your newsletter subscription.';
const newsletterFallbackMessage = (subscribed: boolean) =>
  `Newsletter subscription ${subscribed ? 'enabled' : 'disabled'} successfully`;

/** The Career Coaching Email card: the status, and Edit to change it (spec 2, sections 2 and 8). */
export function NewsletterCard({ record }: { record: OnboardingRecord }) {
  const subscribed = record.subscribe_to_newsletter === true;
  const [editing, setEditing] = useState(false);
  const choose = useNewsletterChange({
    onSuccess: (answer, subscribe) => {
      setEditing(false);
      toast.success(NEWSLETTER_UPDATED_TITLE, {
        description: answer?.message || newsletterFallbackMessage(subscribe),
      });
    },
    onError: (error) => {
      // Status 0: the request never got an answer.
      const unanswered = error instanceof ApiError && error.status === 0;
      toast.error(NEWSLETTER_FAILED_TITLE, {
        description: unanswered ? NEWSLETTER_ERROR_MESSAGE : NEWSLETTER_FAILED_MESSAGE,
      });
    },
  });
  /** The choice being saved, if any. */
  const pending = choose.isPending ? choose.variables : null;

  const editButton = useRef<HTMLButtonElement>(null);
  /** The choice that changes the status (the other one is disabled). */
  const change = useRef<HTMLButtonElement>(null);
  // Opening and closing remove the button just used (Edit; Cancel or the saved choice).
  useFocusOnChange(editing, (open) => (open ? change : editButton).current);

  return (
    <Card
      title="Career Coaching Email"
      actions={
        !editing && (
          <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit
            <span className="sr-only"> Career Coaching Email</span>
          </Button>
        )
      }
    >
      <p className="text-sm text-neutral-700">
        Status:{' '}
        <span className={`font-medium ${subscribed ? 'text-green-800' : 'text-neutral-900'}`}>
          {subscribed ? 'Subscribed' : 'Not subscribed'}
        </span>
      </p>
      {editing && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            ref={subscribed ? undefined : change}
            size="sm"
            busy={pending === true}
            disabled={pending === false || subscribed}
            onClick={() => choose.mutate(true)}
          >
            Subscribe
          </Button>
          <Button
            ref={subscribed ? change : undefined}
            variant="secondary"
            size="sm"
            busy={pending === false}
            disabled={pending === true || !subscribed}
            onClick={() => choose.mutate(false)}
          >
            Unsubscribe
          </Button>
          <Button variant="ghost" size="sm" disabled={pending !== null} onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      )}
    </Card>
  );
}
