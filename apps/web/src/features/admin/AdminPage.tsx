import { isStaffEmail, staffOnlyMessage } from '@app/domain/staff';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { ClientConsole } from './ClientConsole.tsx';
import { StaffAccessBoundary } from './staff-access.tsx';

/** What the staff console needs of the signed-in account. */
export interface AdminAccount {
  email: string;
}

/**
 * /admin, 'Admin Email Management' (spec 2, section 2). The server refuses every staff call to
 * anyone else; the page says so at once, and repeats the server's words if a call is refused.
 */
export function AdminPage({ account }: { account: AdminAccount }) {
  const { staffEmailDomain } = usePublicConfig();
  const page = (content: ReactNode) => (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-neutral-900">Admin Email Management</h1>
      {content}
    </div>
  );
  const denied = (message: string) => page(<AccessDenied message={message} />);
  if (!isStaffEmail(account.email, staffEmailDomain)) return denied(staffOnlyMessage(staffEmailDomain));
  return <StaffAccessBoundary deniedView={denied}>{page(<ClientConsole />)}</StaffAccessBoundary>;
}

function AccessDenied({ message }: { message: string }) {
  return (
    <Card>
      <p role="alert" className="flex items-start gap-2 text-red-800">
        <ShieldAlert className="mt-1 size-5 shrink-0" aria-hidden="true" />
        {message}
      </p>
    </Card>
  );
}
