import type { ClientPage as ClientPageData } from '@app/domain/client-page';
import { NOT_STARTED_MESSAGE } from '@app/domain/client-page';
import { ONBOARDING_STEPS } from '@app/domain/clients-board';
import { groupProfile } from '@app/domain/profile-display';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses, focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { displayProfileValue } from '../../lib/profile-values.ts';
import { saveBlobAs } from '../../lib/save-file.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { ActivityTimeline } from './ActivityTimeline.tsx';
import type { AdminAccount } from './AdminPage.tsx';
import { AvoidedCompaniesCard } from './AvoidedCompaniesCard.tsx';
import { downloadClientDocument, fetchClientPage } from './admin-api.ts';
import { GENERIC_ERROR } from './admin-messages.ts';
import { formatMoment } from './admin-record-view.ts';
import { lastBoardPath } from './board-address.ts';
import { EditableFiltersCard } from './EditableFiltersCard.tsx';
import { EmailPreviewsCard, type SendContext } from './EmailPreviewsCard.tsx';
import { GeneratedFiltersCard } from './GeneratedFiltersCard.tsx';
import { ClientJobsTable } from './jobs-table/ClientJobsTable.tsx';
import { OutboxCard } from './OutboxCard.tsx';
import { adminQueryKeys } from './query-keys.ts';
import { StaffPage } from './StaffPage.tsx';
import { useStaffGuard } from './staff-access.tsx';
import { UserInformationCard } from './UserInformationCard.tsx';

const DOWNLOAD_FAILED = 'Failed to download file. Please try again.';

/** /admin/clients/{id}: everything staff do for one client, addressed by user or pending-client id. */
export function ClientPage({ account }: { account: AdminAccount }) {
  const { id = '' } = useParams();
  return (
    <StaffPage account={account} title={<ClientTitle clientId={id} />}>
      <ClientWorkspace key={id} clientId={id} staffUserId={account.id} />
    </StaffPage>
  );
}

/** The client page's data; `ask: false` only reads what the workspace has loaded. */
function useClientPage(clientId: string, { ask = true } = {}) {
  const guard = useStaffGuard();
  return useQuery({
    queryKey: adminQueryKeys.client(clientId),
    queryFn: async () => dataOrThrow(guard(await fetchClientPage(clientId)), GENERIC_ERROR),
    enabled: ask,
    // Opening the page is logged once per visit, not on every focus.
    refetchOnWindowFocus: false,
  });
}

/** What a send's confirmation says of the client. */
const sendContext = (data: ClientPageData): SendContext => ({
  lastEmails: data.last_emails,
  onboardingComplete: data.onboarding.complete,
});

/** The client as the page names them: the name in their onboarding record, or their address. */
const pageName = ({ record, client }: ClientPageData) =>
  (record ? `${record.first_name} ${record.last_name}`.trim() : '') || client.email;

/**
 * The heading names the client once the workspace below has loaded them. It asks the API nothing
 * itself: the access-denied view shows it too, and that view calls no API (decision 011).
 */
function ClientTitle({ clientId }: { clientId: string }) {
  const page = useClientPage(clientId, { ask: false });
  return page.data ? pageName(page.data) : 'Client';
}

function ClientWorkspace({ clientId, staffUserId }: { clientId: string; staffUserId: string }) {
  const page = useClientPage(clientId);
  const queryClient = useQueryClient();
  // After any change: the page's data, the e-mail previews (the team notification lists the saved
  // filters), and the activity lines the change added.
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.client(clientId) });
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allPreviews });
    void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allActivity });
  };

  // Only a load with nothing to show fails the page. A refresh that fails (the outbox and the e-mail
  // previews ask for one after each action, failed ones included) keeps the page as loaded, and with
  // it what is typed and open in its cards: a filter being edited, an import's problems, a dialog.
  const failure = useLoadFailure(page);
  const reason = failureMessage(failure.error, GENERIC_ERROR);
  const failureView = (
    <LoadFailure
      failure={failure}
      message={reason}
      refreshNote={`Could not refresh this page, so it shows the client as last loaded: ${reason}`}
    />
  );
  if (failure.failed) {
    return (
      <Card>
        {failureView}
        <div className="mt-4">
          <BackLink staffUserId={staffUserId} />
        </div>
      </Card>
    );
  }
  if (page.data === undefined) return <Spinner label="Loading client..." />;
  const data = page.data;
  const target = { client_id: data.client.id };
  return (
    <div className="space-y-6">
      <BackLink staffUserId={staffUserId} />
      {failureView}
      <SectionLinks withProfile={data.record !== null} />
      <Identity data={data} />
      <OnboardingState data={data} />
      {data.record && (
        <div id={SECTIONS.profile.id} className={sectionClasses}>
          <ProfileCard data={data} />
        </div>
      )}
      {data.user_data && <UserInformationCard record={data.user_data} />}
      <div id={SECTIONS.emails.id} className={sectionClasses}>
        {data.record ? (
          <EmailPreviewsCard
            target={target}
            afterSend={reload}
            confirm={{
              ...sendContext(data),
              // A colleague may have sent the e-mail since the page was loaded: the confirmation
              // reads the client again first (one visit in the activity log all the same).
              readAgain: async () => {
                const { data: now } = await page.refetch({ throwOnError: true });
                if (!now) throw new Error(GENERIC_ERROR);
                return sendContext(now);
              },
            }}
          />
        ) : (
          <Card title="Email Previews">
            <p className="text-sm text-neutral-700">{NOT_STARTED_MESSAGE}</p>
          </Card>
        )}
      </div>
      <div id={SECTIONS.filters.id} className={`${sectionClasses} space-y-6`}>
        {data.record && (
          <GeneratedFiltersCard
            target={target}
            fileEmail={data.sign_in_email}
            filtersExist={data.filters.length > 0}
            onFiltersChanged={reload}
            replacing={{ clientId: data.client.id, filters: data.filters }}
          />
        )}
        <EditableFiltersCard filters={data.filters} userId={staffUserId} onChanged={reload} />
      </div>
      {/* Jobs and e-mails of this client: the recruiter's job table and the client's outbox go here. */}
      <section aria-label="Jobs and e-mails" className="space-y-6">
        <AvoidedCompaniesCard clientId={data.client.id} />
        <div id={SECTIONS.jobs.id} className={sectionClasses}>
          <ClientJobsTable clientId={data.client.id} userId={staffUserId} />
        </div>
        <div id={SECTIONS.outbox.id} className={sectionClasses}>
          <OutboxCard clientId={data.client.id} />
        </div>
      </section>
      <Card
        id={SECTIONS.activity.id}
        className={sectionClasses}
        title="Activity"
        actions={
          <Link
            to={`/admin/activity?${new URLSearchParams({ client_id: data.client.id })}`}
            className={`text-sm font-medium underline ${focusRing}`}
          >
            Open in Activity
          </Link>
        }
      >
        <ActivityTimeline filter={{ client_id: data.client.id }} />
      </Card>
    </div>
  );
}

/** The parts of a long client page a recruiter jumps to, in the page's order. */
const SECTIONS = {
  profile: { id: 'client-profile', label: 'Profile' },
  emails: { id: 'client-emails', label: 'E-mails' },
  filters: { id: 'client-filters', label: 'Filters' },
  jobs: { id: 'client-jobs', label: 'Jobs' },
  outbox: { id: 'client-outbox', label: 'Outbox' },
  activity: { id: 'client-activity', label: 'Activity' },
} as const;
/** A section reached by its link stops a little below the top of the screen, not against it. */
const sectionClasses = 'scroll-mt-4';

/**
 * Links to each part of the page: on a phone the page is thousands of pixels long, and the jobs
 * table sits far below the profile. Plain anchors, so the browser scrolls and moves the keyboard's
 * starting point to the section.
 */
function SectionLinks({ withProfile }: { withProfile: boolean }) {
  const sections = Object.values(SECTIONS).filter((section) => withProfile || section !== SECTIONS.profile);
  return (
    <nav aria-label="Sections of this page">
      <ul className="flex flex-wrap gap-2">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className={buttonClasses('secondary', 'sm')}>
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * To the board as `staffUserId` left it in this tab: its search, view, sort and page (decision 031).
 */
function BackLink({ staffUserId }: { staffUserId: string }) {
  return (
    <Link
      to={lastBoardPath(staffUserId)}
      className={`inline-flex items-center gap-1 rounded-sm text-sm font-medium text-neutral-700 hover:text-neutral-950 ${focusRing}`}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All clients
    </Link>
  );
}

/** The sign-in e-mail (where e-mails go) and, when different, the one typed in onboarding. */
function Identity({ data }: { data: ClientPageData }) {
  const typedDiffers =
    data.onboarding_email !== null &&
    data.onboarding_email.toLowerCase() !== data.sign_in_email.toLowerCase();
  return (
    <Card title="E-mail addresses">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-neutral-600 uppercase">Sign-in e-mail</dt>
          <dd className="text-sm break-all text-neutral-900">
            {data.sign_in_email}
            {data.client.kind === 'pending' && ' (has not signed in yet)'}
          </dd>
        </div>
        {typedDiffers && (
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-neutral-600 uppercase">
              E-mail typed in onboarding
            </dt>
            <dd className="text-sm break-all text-neutral-900">{data.onboarding_email}</dd>
          </div>
        )}
      </dl>
      {typedDiffers && (
        <p className="mt-3 text-sm text-neutral-600">
          E-mails go to the sign-in e-mail, never the typed one.
        </p>
      )}
    </Card>
  );
}

function OnboardingState({ data }: { data: ClientPageData }) {
  const { onboarding } = data;
  if (onboarding.complete) {
    return (
      <Card title="Onboarding">
        <p className="text-sm text-green-800">
          Complete{onboarding.updated_at ? `, last saved ${formatMoment(onboarding.updated_at)}` : ''}.
        </p>
      </Card>
    );
  }
  return (
    <section
      aria-label="Onboarding"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:p-6"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        {onboarding.started
          ? `Onboarding incomplete: step ${onboarding.step} of ${ONBOARDING_STEPS}`
          : 'Onboarding not started'}
      </h2>
      {onboarding.missing.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
          {onboarding.missing.map((section) => (
            <li key={section.section}>
              {section.section}: {section.fields.join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The whole record in the spec's profile groups, with the documents to download. */
function ProfileCard({ data }: { data: ClientPageData }) {
  const guard = useStaffGuard();
  const download = useMutation({
    mutationFn: async (which: 'resume' | 'cover_letter') => {
      const blob = dataOrThrow(guard(await downloadClientDocument(data.client.id, which)), DOWNLOAD_FAILED);
      saveBlobAs(blob, data.documents[which] ?? which);
    },
    onError: (error) =>
      toast.error('Download failed', { description: failureMessage(error, DOWNLOAD_FAILED) }),
  });
  const groups = groupProfile(data.record).map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => entry.key !== 'resume' && entry.key !== 'cover_letter'),
  }));
  return (
    <Card title="Profile">
      <div className="flex flex-wrap gap-2">
        {(['resume', 'cover_letter'] as const).map((which) => {
          const name = data.documents[which];
          const label = which === 'resume' ? 'Resume' : 'Cover letter';
          return name ? (
            <Button
              key={which}
              variant="secondary"
              // A long file name is one unbroken word.
              size="sm-wrap"
              busy={download.isPending && download.variables === which}
              onClick={() => download.mutate(which)}
            >
              <Download className="size-4 shrink-0" aria-hidden="true" />
              {`Download ${label.toLowerCase()} (${name})`}
            </Button>
          ) : (
            <p key={which} className="text-sm text-neutral-600">
              No {label.toLowerCase()} uploaded.
            </p>
          );
        })}
      </div>
      <div className="mt-4 space-y-6">
        {groups
          .filter((group) => group.entries.length > 0)
          .map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3 className="text-sm font-semibold text-neutral-900">{group.title}</h3>
              <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
                {group.entries.map((entry) => (
                  <div key={entry.key} className="min-w-0">
                    <dt className="text-xs font-medium tracking-wide text-neutral-600 uppercase">
                      {entry.label}
                    </dt>
                    <dd className="text-sm break-words whitespace-pre-line text-neutral-900">
                      {displayProfileValue(entry)}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
      </div>
    </Card>
  );
}
