import { StaffPage } from '../StaffPage.tsx';
import { TeamOutbox } from './TeamOutbox.tsx';

/** /admin/outbox: the whole team's e-mails; staff only, like every page of the workspace. */
export function OutboxPage({ account }: { account: { email: string } }) {
  return (
    <StaffPage account={account} title="Outbox">
      <TeamOutbox />
    </StaffPage>
  );
}
