import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL } from '../../lib/legal.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useAuth } from './AuthProvider.tsx';
import { returnPathFrom } from './sign-in-return.ts';
import { useSignInErrorToast } from './use-sign-in-error-toast.ts';

const legalLinkClasses =
  'font-medium text-neutral-900 underline underline-offset-2 hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** Spec 1, section 2: what anyone who is not signed in sees at `/`. */
export function SignInScreen() {
  const { brandName } = usePublicConfig();
  const { signIn } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const [params] = useSearchParams();
  useSignInErrorToast();
  // Back from Google can show this page as it was left, from the browser's back-forward cache: the
  // button is ready again rather than busy for good.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 py-6 sm:py-12">
      <Card>
        <div className="flex flex-col items-center text-center">
          <span
            aria-hidden="true"
            className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand text-xl font-semibold text-white"
          >
            {brandName.charAt(0).toUpperCase()}
          </span>
          <h1 className="text-2xl font-semibold text-neutral-900">Welcome to {brandName}</h1>
          <p className="mt-2 text-neutral-600">
            Sign in to set up your job search. Our recruiting team finds the jobs and applies to them for you,
            and you follow every application here.
          </p>
          <Button
            variant="secondary"
            size="lg"
            className="mt-6 w-full"
            busy={leaving}
            onClick={() => {
              setLeaving(true);
              signIn(returnPathFrom(params));
            }}
          >
            {!leaving && <GoogleMark />}
            Continue with Google
          </Button>
          <p className="mt-4 text-sm text-neutral-600">
            By signing in, you agree to our{' '}
            <a
              href={TERMS_OF_SERVICE_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={legalLinkClasses}
            >
              Terms of Service
            </a>{' '}
            and{' '}
            <a
              href={PRIVACY_POLICY_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={legalLinkClasses}
            >
              Privacy Policy
            </a>
            .
          </p>
        </div>
      </Card>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.09a6.6 6.6 0 0 1 0-4.18V7.07H2.18a11 11 0 0 0 0 9.86l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
