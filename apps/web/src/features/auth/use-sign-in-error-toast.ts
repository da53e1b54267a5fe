import { SIGN_IN_ERROR_TITLE, signInErrorMessage } from '@app/domain/sign-in-errors';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

/** Parameters a failed sign-in leaves in the address; `error_description` only from older links. */
const SIGN_IN_ERROR_PARAMS = ['error', 'reason', 'error_description'];

/**
 * A failed sign-in brings the browser back to `/?error=signin&reason=<code>`: say so once, in our
 * own words for that code (never text from the address bar), and take the parameters out of the
 * address so a reload does not repeat it.
 */
export function useSignInErrorToast(): void {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  const reason = params.get('reason');

  useEffect(() => {
    if (error === null) return;
    toast.error(SIGN_IN_ERROR_TITLE, {
      // A fixed id keeps React's double-run effects from showing it twice.
      id: 'sign-in-error',
      description: signInErrorMessage(reason),
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of SIGN_IN_ERROR_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [error, reason, setParams]);
}
