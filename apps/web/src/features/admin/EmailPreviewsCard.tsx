import type { ClientPage } from '@app/domain/client-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { adminAction, type ClientTarget, type EmailPreviews } from './admin-api.ts';
import { GENERIC_ERROR, SEND_TEAM_FAILED, SEND_WELCOME_FAILED } from './admin-messages.ts';
import { formatMoment } from './admin-record-view.ts';
import { EmailFrame } from './EmailFrame.tsx';
import { adminQueryKeys } from './query-keys.ts';
import { SendEmailButton } from './SendEmailButton.tsx';
import { useStaffGuard } from './staff-access.tsx';
import { UnfinishedOnboardingNote } from './UnfinishedOnboardingNote.tsx';

interface PreviewTab {
  value: 'welcome' | 'team';
  /** The outbox kind of the message. */
  kind: 'welcome' | 'team_notification';
  label: string;
  action: 'send' | 'send_team';
  sendLabel: string;
  failed: string;
}

const TABS: readonly PreviewTab[] = [
  {
    value: 'welcome',
    kind: 'welcome',
    label: 'Welcome Email (Client)',
    action: 'send',
    sendLabel: 'Send Welcome Email',
    failed: SEND_WELCOME_FAILED,
  },
  {
    value: 'team',
    kind: 'team_notification',
    label: 'Team Notification',
    action: 'send_team',
    sendLabel: 'Send Team Notification',
    failed: SEND_TEAM_FAILED,
  },
];

const tabClasses = `rounded-md px-3 py-1.5 text-sm font-medium text-neutral-700 hover:text-neutral-900 data-[state=active]:bg-white data-[state=active]:text-neutral-900 data-[state=active]:shadow-xs ${focusRing}`;

/** What the client page knows of a client that bears on sending them an e-mail. */
export interface SendContext {
  lastEmails: ClientPage['last_emails'];
  onboardingComplete: boolean;
}

/**
 * On the client page, sending asks first: it says when the e-mail was last sent and warns when the
 * client has not finished onboarding (the e-mail then asks them to finish instead of thanking them).
 * The page may have been open for hours, while a colleague sent the same e-mail: the confirmation
 * speaks from `readAgain`, the client read again as it opens, never from the page as loaded.
 */
export interface SendConfirmation extends SendContext {
  readAgain(): Promise<SendContext>;
}

/** Both e-mails exactly as they would be sent, each with its send button. */
export function EmailPreviewsCard({
  target,
  afterSend,
  confirm,
}: {
  target: ClientTarget;
  /** After a send, whatever its outcome: the page reads again what it shows of the client. */
  afterSend(): void;
  confirm?: SendConfirmation;
}) {
  const guard = useStaffGuard();
  const previews = useQuery({
    queryKey: adminQueryKeys.previews(JSON.stringify(target)),
    queryFn: async (): Promise<EmailPreviews> => {
      return dataOrThrow(guard(await adminAction(target, 'preview')), GENERIC_ERROR);
    },
  });

  return (
    <Card title="Email Previews">
      <Tabs.Root defaultValue="welcome">
        <Tabs.List
          aria-label="Email previews"
          className="mb-4 inline-flex flex-wrap gap-1 rounded-lg bg-neutral-100 p-1"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={tabClasses}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className={`rounded-md ${focusRing}`}>
            {previews.isPending && <Spinner label="Loading preview..." />}
            {previews.isError && (
              <p role="alert" className="text-sm text-red-700">
                {failureMessage(previews.error, GENERIC_ERROR)}
              </p>
            )}
            {previews.data && (
              <div className="space-y-3">
                <p className="text-sm text-neutral-700">
                  <span className="font-medium text-neutral-900">Subject:</span>{' '}
                  {previews.data[tab.value].subject}
                </p>
                <EmailFrame html={previews.data[tab.value].html} title={`${tab.label} preview`} />
              </div>
            )}
            {confirm && <LastSent last={confirm.lastEmails[tab.kind]} />}
            <SendButton target={target} tab={tab} afterSend={afterSend} confirm={confirm} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}

type LastEmail = SendContext['lastEmails']['welcome'];

/**
 * Where the newest message of this kind stands, in the words the tab and the send confirmation both
 * use. Only that one is known (a cancelled one is never named): one that failed says so, never that
 * nothing was ever sent. `waiting` is true while it may still go out, so that sending now adds another.
 */
function lastEmailStanding(last: NonNullable<LastEmail>): { text: string; waiting: boolean } {
  if (last.sent_at) return { text: `Last one sent ${formatMoment(last.sent_at)}.`, waiting: false };
  const queued = `Last one queued ${formatMoment(last.created_at)}`;
  switch (last.status) {
    case 'failed':
      return { text: `${queued}, failed and was not sent.`, waiting: false };
    default:
      // Queued, or being sent right now.
      return { text: `${queued}, still waiting in the outbox.`, waiting: true };
  }
}

/** When the newest message of this kind was sent, or where it stands. */
function LastSent({ last }: { last: LastEmail }) {
  const text = last ? lastEmailStanding(last).text : 'Never sent to this client.';
  return <p className="mt-4 text-sm text-neutral-700">{text}</p>;
}

/** What the confirmation says of the newest message of this kind: the tab's words, and what sending adds. */
function lastEmailNote(last: LastEmail): string {
  if (!last) return 'It has not been sent to this client before.';
  const { text, waiting } = lastEmailStanding(last);
  return waiting ? `${text} Sending now adds another.` : text;
}

function SendButton({
  target,
  tab,
  afterSend,
  confirm,
}: {
  target: ClientTarget;
  tab: PreviewTab;
  /** After a send, whatever its outcome: the page reads again what it shows of the client. */
  afterSend(): void;
  confirm: SendConfirmation | undefined;
}) {
  const guard = useStaffGuard();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  // Its answer (`check.data`) is the client as read again for the confirmation open (or last open).
  const check = useMutation({
    mutationFn: (confirmation: SendConfirmation) => confirmation.readAgain(),
    onSuccess: () => setAsking(true),
    onError: (error) => toast.error(failureMessage(error, GENERIC_ERROR)),
  });
  const send = useMutation({
    mutationFn: async () => dataOrThrow(guard(await adminAction(target, tab.action)), tab.failed),
    // Sent, queued or failed, and even when the answer was lost (the server may have failed after
    // the outbox took the message): the outboxes and what the page shows are read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allOutboxes });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.allTeamOutbox });
      afterSend();
    },
    onSuccess: (data) => {
      setAsking(false);
      // The answer says truthfully whether the message left or is waiting in the outbox.
      if (data.status === 'sent') toast.success(data.message);
      else if (data.status === 'queued') toast.warning(data.message);
      else toast.error(data.message);
    },
    onError: (error) => {
      toast.error(failureMessage(error, tab.failed));
    },
  });

  const button = (onClick: () => void, className = 'mt-4') => (
    <SendEmailButton className={className} busy={send.isPending || check.isPending} onClick={onClick}>
      {tab.sendLabel}
    </SendEmailButton>
  );
  if (!confirm) return button(() => send.mutate());
  const told = check.data ?? confirm;
  return (
    <>
      {button(() => {
        if (!check.isPending) check.mutate(confirm);
      })}
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={`${tab.sendLabel}?`}
        description={lastEmailNote(told.lastEmails[tab.kind])}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            {button(() => send.mutate(), '')}
          </>
        }
      >
        {!told.onboardingComplete && <UnfinishedOnboardingNote clients="this client" />}
      </Dialog>
    </>
  );
}
