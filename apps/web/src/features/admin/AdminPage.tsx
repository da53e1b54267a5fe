import { ClientConsole } from './ClientConsole.tsx';
import { ClientsBoard } from './ClientsBoard.tsx';
import { StaffPage } from './StaffPage.tsx';

/** What the staff console needs of the signed-in account. */
export interface AdminAccount {
  /** Whose unsaved analyst notes, chosen clients and place on the clients board the tab keeps. */
  id: string;
  email: string;
}

/**
 * /admin, the staff home: the clients board, and below it spec 2's 'Admin Email Management'
 * (search by e-mail and the five actions), kept word for word. See decision 030.
 */
export function AdminPage({ account }: { account: AdminAccount }) {
  return (
    <StaffPage account={account} title="Clients">
      {/* Keyed by the recruiter: when another person's session takes the tab over, the board starts
          from their own chosen clients instead of carrying the last person's over into theirs. */}
      <ClientsBoard key={account.id} userId={account.id} />
      <section aria-labelledby="admin-email-management" className="space-y-6">
        <h2 id="admin-email-management" className="text-xl font-semibold text-neutral-900">
          Admin Email Management
        </h2>
        <ClientConsole staffUserId={account.id} />
      </section>
    </StaffPage>
  );
}
