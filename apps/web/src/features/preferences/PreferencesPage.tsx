import { ArrowLeft, Mail } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { LoadingLine } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useNewsletterChange, useProfileRecord } from '../../lib/profile-record.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { CompaniesToAvoidCard } from './CompaniesToAvoidCard.tsx';
import { SubscriptionSwitch } from './SubscriptionSwitch.tsx';
import { WeeklySummaryCard } from './WeeklySummaryCard.tsx';

const PREFERENCES_PATH = '/update-preferences';
const LOAD_FAILED_MESSAGE = 'Failed to load preferences. Please try again.';
const UPDATE_FAILED_TITLE = 'Update Failed';
const UPDATE_FAILED_FALLBACK = 'Please try again later.';
const UPDATED_TITLE = 'Preferences Updated';
const SUBSCRIBED_MESSAGE = "You've been subscribed to our career coaching email!";
const UNSUBSCRIBED_MESSAGE = "You've been unsubscribed from career coaching emails.";

/** What the preferences page needs of the account: whether someone is signed in, and signing in. */
export interface PreferencesAccount {
  signedIn: boolean;
  signIn(redirectTo: string): void;
}

/** /update-preferences, Email Preferences (spec 2, section 2): open to all, sign-in asked for here. */
export function PreferencesPage({ account }: { account: PreferencesAccount }) {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold text-neutral-900">Email Preferences</h1>
      {account.signedIn ? (
        <Preferences />
      ) : (
        <SignInPrompt onSignIn={() => account.signIn(PREFERENCES_PATH)} />
      )}
    </div>
  );
}

function SignInPrompt({ onSignIn }: { onSignIn(): void }) {
  return (
    <Card title="Sign In to Update Preferences">
      <p className="text-sm text-neutral-700">Sign in to choose which e-mails you receive from us.</p>
      <Button className="mt-4" onClick={onSignIn}>
        Sign In
      </Button>
    </Card>
  );
}

function Preferences() {
  const navigate = useNavigate();
  const preferences = useProfileRecord();
  const failure = useLoadFailure(preferences);
  const failureView = (
    <LoadFailure
      failure={failure}
      message="Your current status could not be loaded."
      refreshNote="Could not refresh your status, so it shows it as last loaded."
    />
  );

  const { isError: loadFailed, errorUpdatedAt } = preferences;
  useEffect(() => {
    // Said for the first failed load and for each failed retry; the id keeps one toast on screen.
    if (loadFailed && errorUpdatedAt > 0) toast.error(LOAD_FAILED_MESSAGE, { id: 'preferences-load-failed' });
  }, [loadFailed, errorUpdatedAt]);

  const subscribed = preferences.data?.subscribe_to_newsletter === true;

  const toggle = useNewsletterChange({
    onSuccess: (_answer, subscribe) => {
      toast.success(UPDATED_TITLE, { description: subscribe ? SUBSCRIBED_MESSAGE : UNSUBSCRIBED_MESSAGE });
    },
    onError: (error) =>
      toast.error(UPDATE_FAILED_TITLE, { description: failureMessage(error, UPDATE_FAILED_FALLBACK) }),
  });

  const toProfile = () => navigate('/profile');

  return (
    <>
      <Button variant="ghost" size="sm" onClick={toProfile}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Profile
      </Button>
      {failure.failed ? (
        // The toast says what failed; no status is shown, since none is known.
        <Card title="Career Coaching Email">{failureView}</Card>
      ) : (
        // The card is there while the status loads, so the cards below it do not move when it arrives.
        <Card title="Career Coaching Email" description="Tips and guidance for your job search, by e-mail.">
          {preferences.isPending ? (
            <LoadingLine>Loading preferences...</LoadingLine>
          ) : (
            <div className="space-y-3">
              {failureView}
              <SubscriptionSwitch
                icon={Mail}
                subscribed={subscribed}
                busy={toggle.isPending}
                onToggle={toggle.mutate}
              />
            </div>
          )}
        </Card>
      )}
      <WeeklySummaryCard />
      <CompaniesToAvoidCard />
      <Button variant="secondary" onClick={toProfile}>
        Go to Profile
      </Button>
    </>
  );
}
