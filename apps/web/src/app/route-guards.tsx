import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { SignInScreen } from '../features/auth/SignInScreen.tsx';

/** Signed-out visitors of a client page go to `/`, where they can sign in (spec 2, section 6). */
export function RequireSignedIn() {
  const { status } = useAuth();
  return status === 'signed-in' ? <Outlet /> : <Navigate to="/" replace />;
}

/** The entry route: the sign-in screen when signed out, the entry screen otherwise. */
export function SignInWhenSignedOut() {
  const { status } = useAuth();
  return status === 'signed-in' ? <Outlet /> : <SignInScreen />;
}
