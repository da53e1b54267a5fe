import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { isSignedOutNavigation } from '../../../lib/signed-out-navigation.ts';

export interface LeaveWhileBusyProps {
  /** A file is on its way: it reaches the form only when its upload lands. */
  uploading: boolean;
  /** A save is on its way. */
  saving: boolean;
}

/**
 * Leaving the wizard while its work is on the way asks first.
 *
 * - A reload, a closed tab or another site ends the page, and with it an upload or a save cut off
 *   part-way: the browser asks (beforeunload) while either runs.
 * - Another page of the app (a link, the browser's Back) keeps the page alive, so a save still lands;
 *   but a file lands in the wizard's form, which that page no longer shows (and leaving stops the
 *   upload): this dialog asks while a file uploads. When the uploads end meanwhile, the question
 *   closes and the person stays on the step: a file that landed is in the form, still to be saved
 *   (Next, or Save Changes), which going on to the other page would not do; one that failed says why.
 * - A sign-out goes through unasked: the session the upload needed has ended.
 */
export function LeaveWhileBusy({ uploading, saving }: LeaveWhileBusyProps) {
  const busy = uploading || saving;
  useEffect(() => {
    if (!busy) return;
    const askFirst = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers before the one preventDefault asks in (Chrome 119) need this instead.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, [busy]);

  // Only a move to another page: a step of the wizard is not an address of its own.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      uploading &&
      currentLocation.pathname !== nextLocation.pathname &&
      !isSignedOutNavigation(nextLocation.state),
  );
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (blocked && !uploading) blocker.reset();
  }, [blocked, uploading, blocker]);

  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Your file is still uploading"
      description="If you leave this page now, the file is not added to your profile. Stay to let it finish."
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.proceed?.()}>
            Leave Anyway
          </Button>
          <Button onClick={() => blocker.reset?.()}>Stay</Button>
        </>
      }
    />
  );
}
