import type { ReactNode } from 'react';
import type { LoadFailureState } from '../../lib/use-load-failure.ts';
import { Button } from './Button.tsx';

/**
 * A load that failed, as useLoadFailure tells it: with nothing loaded, `message` and a Try Again
 * button, busy while the load is asked again; after a refresh that failed, `refreshNote` beside what
 * is still shown as last loaded; otherwise nothing. A screen puts it where its content goes.
 */
export function LoadFailure({
  failure,
  message,
  refreshNote,
  className = '',
}: {
  failure: LoadFailureState;
  /** The load that failed with nothing to show, with its reason. */
  message: ReactNode;
  /** The refresh that failed: 'Could not refresh …, so it shows … as last loaded: {reason}'. */
  refreshNote: ReactNode;
  /** Its place on the screen (a margin, say), in either form. */
  className?: string;
}) {
  if (failure.failed) {
    return (
      <div className={`space-y-3 ${className}`}>
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
        <Button variant="secondary" size="sm" busy={failure.retrying} onClick={failure.retry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (failure.refreshFailed) {
    return (
      <p role="alert" className={`text-sm text-red-700 ${className}`}>
        {refreshNote}
      </p>
    );
  }
  return null;
}
