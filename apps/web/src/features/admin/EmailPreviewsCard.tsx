import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { toast } from 'sonner';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { adminAction, type EmailPreviews } from './admin-api.ts';
import { GENERIC_ERROR, SEND_TEAM_FAILED, SEND_WELCOME_FAILED } from './admin-messages.ts';
import { EmailFrame } from './EmailFrame.tsx';
import { adminQueryKeys } from './query-keys.ts';
import { useStaffGuard } from './staff-access.tsx';

interface PreviewTab {
  value: 'welcome' | 'team';
  label: string;
  action: 'send' | 'send_team';
  sendLabel: string;
  failed: string;
}

const TABS: readonly PreviewTab[] = [
  {
    value: 'welcome',
    label: 'Welcome Email (Client)',
    action: 'send',
    sendLabel: 'Send Welcome Email',
    failed: SEND_WELCOME_FAILED,
  },
  {
    value: 'team',
    label: 'Team Notification',
    action: 'send_team',
    sendLabel: 'Send Team Notification',
    failed: SEND_TEAM_FAILED,
  },
];

const tabClasses = `rounded-md px-3 py-1.5 text-sm font-medium text-neutral-700 hover:text-neutral-900 data-[state=active]:bg-white data-[state=active]:text-neutral-900 data-[state=active]:shadow-xs ${focusRing}`;

/** Both e-mails exactly as they would be sent, each with its send button. */
export function EmailPreviewsCard({ email, onSent }: { email: string; onSent(): void }) {
  const guard = useStaffGuard();
  const previews = useQuery({
    queryKey: adminQueryKeys.previews(email),
    queryFn: async (): Promise<EmailPreviews> => {
      return dataOrThrow(guard(await adminAction(email, 'preview')), GENERIC_ERROR);
    },
  });

  return (
    <Card title="Email Previews" aria-label="Email Previews">
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
            <SendButton email={email} tab={tab} onSent={onSent} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}

function SendButton({ email, tab, onSent }: { email: string; tab: PreviewTab; onSent(): void }) {
  const guard = useStaffGuard();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: async () => dataOrThrow(guard(await adminAction(email, tab.action)), tab.failed),
    onSuccess: (data) => {
      // The outbox is listed by client id: the one this send resolved the e-mail to.
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.outbox(data.client.id) });
      // The answer says truthfully whether the message left or is waiting in the outbox.
      if (data.status === 'sent') toast.success(data.message);
      else if (data.status === 'queued') toast.warning(data.message);
      else toast.error(data.message);
      onSent();
    },
    onError: (error) => toast.error(failureMessage(error, tab.failed)),
  });

  return (
    <Button className="mt-4" busy={send.isPending} onClick={() => send.mutate()}>
      {!send.isPending && <Send className="size-4" aria-hidden="true" />}
      {send.isPending ? 'Sending...' : tab.sendLabel}
    </Button>
  );
}
