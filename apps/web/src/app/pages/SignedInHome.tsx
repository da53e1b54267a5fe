import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import type { AuthUser } from '../../features/auth/auth-client.ts';
import { apiFetch } from '../../lib/api.ts';
import { navEntries } from '../nav/nav-entries.ts';

const descriptions: Record<(typeof navEntries)[number]['to'], string> = {
  '/profile': 'Everything you told us about yourself and your search.',
  '/myjobs': 'The jobs your team found for you: review, reject or add notes.',
  '/job-stats': 'How many applications were sent for you, and where.',
  '/myteam': 'Reach your recruiting team directly on WhatsApp.',
};

/** The signed-in entry: a greeting, the account as the server knows it, and where to go next. */
export function SignedInHome() {
  const { user } = useAuth();
  const account = useQuery({
    queryKey: ['auth-user'],
    queryFn: async () => {
      const { data, error } = await apiFetch<AuthUser>('/auth/v1/user');
      if (!data) throw new Error(error ?? 'Could not load your account.');
      return data;
    },
  });
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-neutral-900">Welcome, {name || user?.email}</h1>
        <p className="mt-1 text-neutral-600">Here is where to find everything your team does for you.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {navEntries.map((entry) => (
          <li key={entry.to}>
            <Link
              to={entry.to}
              className={`group flex h-full items-start justify-between gap-4 rounded-lg border border-neutral-200 bg-white p-4 hover:border-neutral-300 hover:bg-neutral-50 sm:p-6 ${focusRing}`}
            >
              <span>
                <span className="block font-semibold text-neutral-900">{entry.label}</span>
                <span className="mt-1 block text-sm text-neutral-600">{descriptions[entry.to]}</span>
              </span>
              <ArrowRight
                className="mt-1 size-5 shrink-0 text-neutral-500 group-hover:text-brand"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
      <Card title="Your account">
        {account.isPending ? (
          <Spinner label="Loading your account..." />
        ) : account.data ? (
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-neutral-600">Name</dt>
            <dd className="text-neutral-900">
              {[account.data.first_name, account.data.last_name].filter(Boolean).join(' ') || 'Not given'}
            </dd>
            <dt className="text-neutral-600">Email</dt>
            <dd className="break-all text-neutral-900">{account.data.email}</dd>
          </dl>
        ) : (
          <p className="text-sm text-red-700">Your account details could not be loaded. Please try again.</p>
        )}
      </Card>
    </div>
  );
}
