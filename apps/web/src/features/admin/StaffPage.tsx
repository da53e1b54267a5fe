import { isStaffEmail, staffOnlyMessage } from '@app/domain/staff';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { StaffAccessBoundary } from './staff-access.tsx';

/**
 * Every page of the staff workspace: its heading, and the spec's access-denied text for anyone who
 * is not staff (without calling the API), or the server's own words if it refuses a staff call.
 */
export function StaffPage({
  account,
  title,
  children,
}: {
  account: { email: string };
  title: ReactNode;
  children: ReactNode;
}) {
  const { staffEmailDomain } = usePublicConfig();
  const page = (content: ReactNode) => (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold break-words text-neutral-900">{title}</h1>
      {content}
    </div>
  );
  const denied = (message: string) => page(<AccessDenied message={message} />);
  if (!isStaffEmail(account.email, staffEmailDomain)) return denied(staffOnlyMessage(staffEmailDomain));
  return <StaffAccessBoundary deniedView={denied}>{page(children)}</StaffAccessBoundary>;
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
