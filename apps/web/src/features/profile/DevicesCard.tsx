import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow, parseISO } from 'date-fns';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/profile-values.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import {
  deviceName,
  devicesQueryKey,
  fetchDevices,
  type SignedInDevice,
  signOutOtherDevices,
} from './devices.ts';

const LOAD_FAILED_MESSAGE = 'Failed to load your signed-in devices. Please try again.';
const SIGNED_OUT_TITLE = 'Signed Out Everywhere Else';
const SIGN_OUT_FAILED_TITLE = 'Sign-out Failed';
const SIGN_OUT_FAILED_MESSAGE = 'Failed to sign out the other devices. Please try again.';

const signedOutDescription = (ended: number) =>
  ended === 1 ? '1 other device was signed out.' : `${ended} other devices were signed out.`;

/** Where the account is signed in now, and "Sign out everywhere else". */
export function DevicesCard() {
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: devicesQueryKey, queryFn: fetchDevices });
  const failure = useLoadFailure(devices);
  const [confirming, setConfirming] = useState(false);
  const readDevicesAgain = () => queryClient.invalidateQueries({ queryKey: devicesQueryKey });
  const signOutOthers = useMutation({
    mutationFn: signOutOtherDevices,
    onSuccess: async (ended) => {
      toast.success(SIGNED_OUT_TITLE, { description: signedOutDescription(ended) });
      // The list is read again before the confirmation closes, so that closing knows whether the
      // button that opened it is still usable.
      await readDevicesAgain();
      setConfirming(false);
    },
    onError: (error) => {
      toast.error(SIGN_OUT_FAILED_TITLE, { description: failureMessage(error, SIGN_OUT_FAILED_MESSAGE) });
      void readDevicesAgain();
    },
  });
  const others = devices.data?.filter((device) => !device.current).length ?? 0;
  const card = useRef<HTMLElement>(null);

  return (
    <Card
      ref={card}
      tabIndex={-1}
      className={focusRing}
      title="Signed-in devices"
      description="Where your account is signed in right now."
      actions={
        <Button variant="secondary" size="sm" disabled={others === 0} onClick={() => setConfirming(true)}>
          <LogOut className="size-4" aria-hidden="true" />
          Sign out everywhere else
        </Button>
      }
    >
      <div className="space-y-3">
        <LoadFailure
          failure={failure}
          message={LOAD_FAILED_MESSAGE}
          refreshNote="Could not refresh the list, so it shows your devices as last loaded."
        />
        {devices.data === undefined && !failure.failed && (
          <div className="flex justify-center py-4 text-neutral-500">
            <Spinner label="Loading your devices..." />
          </div>
        )}
        {devices.data !== undefined && (
          <ul className="divide-y divide-neutral-200">
            {devices.data.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
        )}
      </div>
      <Dialog
        open={confirming}
        // With no other device left the button is disabled for good: the card, which now lists this
        // device alone, takes focus instead of a button that cannot hold it.
        finalFocus={others === 0 ? card : undefined}
        onOpenChange={(open) => !open && setConfirming(false)}
        title="Sign out everywhere else?"
        description="Every other device signed in to your account is signed out within a few seconds. This device stays signed in."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
              {signOutOthers.isPending ? 'Signing out...' : 'Sign out other devices'}
            </Button>
          </>
        }
      />
    </Card>
  );
}

function DeviceRow({ device }: { device: SignedInDevice }) {
  const name = deviceName(device.user_agent);
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-neutral-500" aria-hidden="true" />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-neutral-900">
          {name}
          {device.current && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-neutral-600">Signed in {formatDateTime(device.created_at)}</p>
        <p className="text-sm text-neutral-600">
          Last active {formatDistanceToNow(parseISO(device.last_seen_at), { addSuffix: true })}
        </p>
      </div>
    </li>
  );
}
