import { lazy } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { SignInScreen } from '../features/auth/SignInScreen.tsx';
import { routeModules } from './routes.tsx';

/** Signed-out visitors of a client page go to `/`, where they can sign in (spec 2, section 6). */
export function RequireSignedIn() {
  const { status } = useAuth();
  return status === 'signed-in' ? <Outlet /> : <Navigate to="/" replace />;
}

// Loaded only once someone is signed in, so the sign-in screen never waits for the entry screen's code.
const SignedInEntry = lazy(async () => ({ default: (await routeModules.entry()).Component }));

/** The entry route `/`: the sign-in screen when signed out, the entry screen otherwise. */
export function EntryRoute() {
  const { status } = useAuth();
  return status === 'signed-in' ? <SignedInEntry /> : <SignInScreen />;
}
