import { checkCompleteness, isMeaningfulRecord } from '@app/domain/onboarding-completeness';
import type { OnboardingRecord } from '@app/domain/onboarding-fields';
import { LogOut, Pencil } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { setProfileCompleteCookie } from '../../lib/cookies.ts';
import { useProfileRecord } from '../../lib/profile-record.ts';
import { formatDateTime } from '../../lib/profile-values.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { DevicesCard } from './DevicesCard.tsx';
import { IncompleteProfileCard } from './IncompleteProfileCard.tsx';
import { NewsletterCard } from './NewsletterCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { profileLayout } from './profile-cards.ts';
import { YourDataCard } from './YourDataCard.tsx';

const LOAD_FAILED_TITLE = 'Data Error';
const LOAD_FAILED_MESSAGE = 'Failed to load profile data. Please try again.';

/** What the profile needs of the signed-in account. */
export interface ProfileAccount {
  signOut(): Promise<void>;
}

/** /profile: everything the person gave during onboarding, read-only (spec 2, section 2). */
export function ProfilePage({ account }: { account: ProfileAccount }) {
  const profile = useProfileRecord();
  const failure = useLoadFailure(profile);

  useEffect(() => {
    // The id keeps one toast when the effect runs twice.
    if (profile.isError)
      toast.error(LOAD_FAILED_TITLE, { id: 'profile-load-failed', description: LOAD_FAILED_MESSAGE });
  }, [profile.isError]);

  const failureView = (
    <LoadFailure
      failure={failure}
      message={LOAD_FAILED_MESSAGE}
      refreshNote="Could not refresh your profile, so it shows it as last loaded."
    />
  );
  if (failure.failed) {
    return (
      <PageFrame account={account}>
        <Card title={LOAD_FAILED_TITLE}>{failureView}</Card>
      </PageFrame>
    );
  }
  if (profile.isPending) {
    return (
      <PageFrame account={account}>
        <div className="flex justify-center py-16 text-neutral-500">
          <Spinner size="lg" label="Loading your profile..." />
        </div>
      </PageFrame>
    );
  }
  if (!profile.data || !isMeaningfulRecord(profile.data)) return <NoProfileData account={account} />;
  return <ProfileDetails record={profile.data} account={account} refreshNote={failureView} />;
}

function PageFrame({
  account,
  lastUpdated,
  children,
}: {
  account: ProfileAccount;
  lastUpdated?: string | null;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-neutral-900">My Profile</h1>
          {lastUpdated && <p className="mt-1 text-sm text-neutral-600">Last updated: {lastUpdated}</p>}
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => navigate('/edit-profile')}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="ghost" onClick={() => void account.signOut()}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
      {children}
    </div>
  );
}

function ProfileDetails({
  record,
  account,
  refreshNote,
}: {
  record: OnboardingRecord;
  account: ProfileAccount;
  /** Says so when a refresh of the profile failed and it shows as last loaded. */
  refreshNote: ReactNode;
}) {
  const navigate = useNavigate();
  const { isComplete, missingBySection } = checkCompleteness(record);
  const { before, legal } = profileLayout(record);

  const completeProfile = () => {
    // The entry route trusts this flag; it must not send the person straight back here.
    setProfileCompleteCookie(false);
    navigate('/');
  };

  return (
    <PageFrame account={account} lastUpdated={formatDateTime(record.updated_at)}>
      {refreshNote}
      {!isComplete && <IncompleteProfileCard missing={missingBySection} onComplete={completeProfile} />}
      {/* Each card as tall as its content: a short card is not stretched to its neighbour's height. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        {before.map((content) => (
          <ProfileCard key={content.title} content={content} />
        ))}
        <NewsletterCard record={record} />
        {legal && <ProfileCard content={legal} />}
        <DevicesCard />
        <YourDataCard onDeleted={account.signOut} />
      </div>
    </PageFrame>
  );
}

function NoProfileData({ account }: { account: ProfileAccount }) {
  return (
    <section className="mx-auto max-w-lg rounded-lg border border-neutral-200 bg-white p-6 text-center shadow-xs">
      <h1 className="text-xl font-semibold text-neutral-900">No Profile Data Found</h1>
      <p className="mt-2 text-sm text-neutral-700">
        We could not find your onboarding answers. Complete onboarding to set up your profile.
      </p>
      <Button className="mt-4" onClick={() => void account.signOut()}>
        Complete Onboarding
      </Button>
    </section>
  );
}
