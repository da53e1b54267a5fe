import { lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { SignInScreen } from '../features/auth/SignInScreen.tsx';
import { signInAddressFor } from '../features/auth/sign-in-return.ts';
import { isStaffUser, secondFactorPending } from './nav/staff.ts';
import { routeModules } from './routes.tsx';

/**
 * Signed-out visitors of a client page go to `/`, where they can sign in (spec 2, section 6), and
 * signing in brings them back to the page they asked for.
 */
export function RequireSignedIn() {
  const { status } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (status === 'signed-in') return <Outlet />;
  return <Navigate to={signInAddressFor(`${pathname}${search}${hash}`)} replace />;
}

/** The staff second factor's page; staff whose session has not passed it go there first. */
export const SECOND_FACTOR_PATH = '/mfa';

/**
 * Staff whose session has not passed the second factor are sent to /mfa from any page, and come
 * back to the page they were heading for afterwards. Clients never meet it.
 */
export function RequireSecondFactor() {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  if (secondFactorPending(user) && pathname !== SECOND_FACTOR_PATH) {
    const query = new URLSearchParams({ redirect_to: `${pathname}${search}` });
    return <Navigate to={`${SECOND_FACTOR_PATH}?${query}`} replace />;
  }
  return <Outlet />;
}

// Loaded only once someone is signed in, so the sign-in screen never waits for the entry screen's code.
const SignedInEntry = lazy(async () => ({ default: (await routeModules.entry()).Component }));

/**
 * The entry route `/`: the sign-in screen when signed out, the entry screen otherwise; staff land
 * on their workspace (a deep link they signed in for never comes through here).
 */
export function EntryRoute() {
  const { status, user } = useAuth();
  if (status !== 'signed-in') return <SignInScreen />;
  if (isStaffUser(user)) return <Navigate to="/admin" replace />;
  return <SignedInEntry />;
}
