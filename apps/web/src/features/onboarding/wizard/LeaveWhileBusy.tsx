import { useMutationState } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { isSignedOutNavigation } from '../../../lib/signed-out-navigation.ts';
import { DOCUMENT_UPLOAD_KEY } from '../upload-document.ts';

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
 *   upload): this dialog asks while a file uploads. When the upload lands meanwhile, the person goes
 *   where they were going, since nothing holds them any more; when it fails, they stay to see why.
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
  const uploads = useMutationState({
    filters: { mutationKey: DOCUMENT_UPLOAD_KEY },
    select: (mutation) => ({ id: mutation.mutationId, status: mutation.state.status }),
  });
  // The uploads the person was asked to wait for (the resume and the cover letter can both be on
  // their way): they go on only when every one of them landed.
  const waitedFor = useRef<number[]>([]);
  useEffect(() => {
    if (!blocked) {
      waitedFor.current = [];
      return;
    }
    if (uploading) {
      if (waitedFor.current.length === 0) {
        waitedFor.current = uploads
          .filter((upload) => upload.status === 'pending')
          .map((upload) => upload.id);
      }
      return;
    }
    const landed = waitedFor.current.every(
      (id) => uploads.find((upload) => upload.id === id)?.status === 'success',
    );
    waitedFor.current = [];
    if (landed) blocker.proceed();
    else blocker.reset();
  }, [blocked, uploading, uploads, blocker]);

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
