import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { toast } from 'sonner';
import { fetchCompleteness } from '../features/onboarding/onboarding-api.ts';
import { dataOrThrow } from '../lib/api.ts';
import { readProfileCompleteCookie, setProfileCompleteCookie } from '../lib/cookies.ts';
import { PageSpinner } from './pages/PageSpinner.tsx';

const COMPLETE_PROFILE_FIRST_MESSAGE = 'Please complete your profile before accessing this page.';

type Completeness = 'checking' | 'complete' | 'incomplete';

/**
 * The cached completeness flag (spec 1, section 4) when there is one; otherwise the server's check,
 * whose answer is cached for the next page. A check that fails lets the page open: the page then
 * reports its own loading problem, and the server protects the data either way.
 */
function useProfileCompleteness(): { cached: boolean; state: Completeness } {
  // Read once per visit: the check below stores its answer, which must not turn into a cached verdict.
  const [cookie] = useState(readProfileCompleteCookie);
  const check = useQuery({
    queryKey: ['profile-completeness'],
    enabled: cookie === null,
    // Each visit without a cached flag asks again; the flag is the cache.
    gcTime: 0,
    queryFn: async () => {
      const { isComplete } = dataOrThrow(await fetchCompleteness());
      setProfileCompleteCookie(isComplete);
      return isComplete;
    },
  });
  if (cookie) return { cached: true, state: cookie.isComplete ? 'complete' : 'incomplete' };
  if (check.isPending) return { cached: false, state: 'checking' };
  return { cached: false, state: check.data === false ? 'incomplete' : 'complete' };
}

/** Back to `/`, where the wizard resumes at what is missing, with the spec's toast (5 s). */
function CompleteProfileFirst() {
  useEffect(() => {
    // The id keeps one toast when the effect runs twice.
    toast.error(COMPLETE_PROFILE_FIRST_MESSAGE, { id: 'complete-profile-first', duration: 5000 });
  }, []);
  return <Navigate to="/" replace />;
}

/** The job pages (spec 2, section 8): only for a complete profile. */
export function RequireCompleteProfile() {
  const { state } = useProfileCompleteness();
  if (state === 'checking') return <PageSpinner />;
  return state === 'incomplete' ? <CompleteProfileFirst /> : <Outlet />;
}

/**
 * The profile's access gate (spec 2, section 4): a cached flag of false sends the person back to
 * `/`; without a cached flag the check runs first, and an incomplete profile is shown with its
 * Profile Incomplete card, which lists what is missing.
 */
export function ProfileAccessGate() {
  const { cached, state } = useProfileCompleteness();
  if (state === 'checking') return <PageSpinner />;
  return cached && state === 'incomplete' ? <CompleteProfileFirst /> : <Outlet />;
}
