import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

export const SIGN_IN_ERROR_TITLE = 'Sign-in Error';
export const SIGN_IN_ERROR_FALLBACK = 'An unexpected error occurred.';

/**
 * A failed sign-in brings the browser back to `/?error=...&error_description=...`: say so once, with
 * the provider's message, and take the parameters out of the address so a reload does not repeat it.
 */
export function useSignInErrorToast(): void {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  const description = params.get('error_description');

  useEffect(() => {
    if (error === null) return;
    toast.error(SIGN_IN_ERROR_TITLE, {
      // A fixed id keeps React's double-run effects from showing it twice.
      id: 'sign-in-error',
      description: description?.trim() || SIGN_IN_ERROR_FALLBACK,
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [error, description, setParams]);
}
