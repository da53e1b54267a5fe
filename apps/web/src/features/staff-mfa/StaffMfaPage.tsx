import { useMutation, useQuery } from '@tanstack/react-query';
import { Copy, ShieldCheck } from 'lucide-react';
import {
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { FieldError, Input, Label } from '../../components/ui/Field.tsx';
import { LoadFailure } from '../../components/ui/LoadFailure.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import {
  groupedSecret,
  type SecondFactorProof,
  safeReturnPath,
  startEnrolment,
  type VerifyResult,
  verifySecondFactor,
} from './mfa-api.ts';

const ENROLMENT_FAILED_MESSAGE = 'Could not start setting up two-step verification. Please try again.';
const VERIFY_FAILED_MESSAGE = 'Verification failed. Please try again.';
const ENROL_AGAIN_MESSAGE = 'Recovery code accepted. Set up two-step verification again with your app.';

/** What the second-factor screens need of the signed-in account. */
export interface SecondFactorAccount {
  /** Staff: set up, enter a code, or done; null for anyone else (who never needs it). */
  state: 'enrol' | 'verify' | 'passed' | null;
  /** Fetches the session again, so the app sees the second factor passed. */
  refreshSession(): Promise<void>;
  signOut(): Promise<void>;
}

/**
 * /mfa: staff set up two-step verification on their first sign-in (QR code and key, then a code,
 * then their recovery codes, shown once) and enter a code on later ones; then they go on to the
 * page they were heading for (`redirect_to`).
 */
export function StaffMfaPage({ account }: { account: SecondFactorAccount }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnPath(searchParams.get('redirect_to'));
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Set-up that replaced the code form: focus goes to its heading, not to the page's body.
  const [restarted, setRestarted] = useState(false);

  const goOn = async () => {
    setLeaving(true);
    await account.refreshSession();
    navigate(returnTo, { replace: true });
  };
  // The session now asks for set-up; this page shows it once the app knows.
  const setUpAgain = async () => {
    toast.info(ENROL_AGAIN_MESSAGE);
    setRestarted(true);
    await account.refreshSession();
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} leaving={leaving} onContinue={goOn} />;
  if (account.state === null || account.state === 'passed') return <Navigate to={returnTo} replace />;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      {account.state === 'enrol' ? (
        <Enrolment
          focusHeading={restarted}
          onVerified={(codes) => (codes ? setRecoveryCodes(codes) : void goOn())}
        />
      ) : (
        <Verification onVerified={() => void goOn()} onEnrolAgain={() => void setUpAgain()} />
      )}
      <p className="text-center text-sm text-neutral-600">
        Not you, or no authenticator app at hand?{' '}
        <Button variant="ghost" size="sm" onClick={() => void account.signOut()}>
          Sign out
        </Button>
      </p>
    </div>
  );
}

function Enrolment({
  focusHeading,
  onVerified,
}: {
  focusHeading: boolean;
  onVerified(recoveryCodes: string[] | null): void;
}) {
  // A write, but one the screen needs to show anything: asked once per visit, never again on focus.
  const enrolment = useQuery({
    queryKey: ['staff-mfa-enrolment'],
    queryFn: startEnrolment,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const enrolmentFailure = useLoadFailure(enrolment);
  const reason = failureMessage(enrolmentFailure.error, ENROLMENT_FAILED_MESSAGE);

  return (
    <Card>
      <Heading focusOnShow={focusHeading}>Set up two-step verification</Heading>
      <p className="mt-2 text-sm text-neutral-700">
        Staff sign in with a second step. Scan this QR code with an authenticator app (Google Authenticator,
        Microsoft Authenticator, 1Password...), then enter the 6-digit code it shows.
      </p>
      <LoadFailure
        className="mt-4"
        failure={enrolmentFailure}
        message={reason}
        refreshNote={`Could not refresh the QR code, so it shows it as last loaded: ${reason}`}
      />
      {enrolment.data === undefined && !enrolmentFailure.failed && (
        <div className="flex justify-center py-8 text-neutral-500">
          <Spinner label="Preparing your QR code..." />
        </div>
      )}
      {enrolment.data !== undefined && (
        <>
          <img
            src={enrolment.data.qr_code}
            alt="QR code to scan with your authenticator app"
            width={240}
            height={240}
            className="mx-auto mt-4 size-60"
          />
          <dl className="mt-4 text-sm">
            <dt className="text-neutral-700">Can't scan it? Enter this key in the app instead:</dt>
            <dd className="mt-1">
              <code
                data-testid="mfa-secret"
                className="block rounded-md bg-neutral-100 px-3 py-2 font-mono text-base break-words text-neutral-900 select-all"
              >
                {groupedSecret(enrolment.data.secret)}
              </code>
            </dd>
          </dl>
          <CodeForm onVerified={({ recoveryCodes }) => onVerified(recoveryCodes)} />
        </>
      )}
    </Card>
  );
}

function Verification({ onVerified, onEnrolAgain }: { onVerified(): void; onEnrolAgain(): void }) {
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const done = ({ enrolAgain }: VerifyResult) => (enrolAgain ? onEnrolAgain() : onVerified());
  return (
    <Card>
      <Heading>Two-step verification</Heading>
      <p className="mt-2 text-sm text-neutral-700">
        {withRecoveryCode
          ? 'Enter one of the recovery codes you saved when you set up two-step verification. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {withRecoveryCode ? <RecoveryCodeForm onVerified={done} /> : <CodeForm onVerified={done} />}
      <Button
        className="mt-2"
        variant="ghost"
        size="sm"
        onClick={() => setWithRecoveryCode((recovery) => !recovery)}
      >
        {withRecoveryCode ? 'Use a code from your app instead' : 'Use a recovery code instead'}
      </Button>
    </Card>
  );
}

/** The card's heading; `focusOnShow` takes focus to it when it appears in place of another form. */
function Heading({ focusOnShow = false, children }: { focusOnShow?: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Once, when shown: later renders (a code being typed) must not take focus back.
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  return (
    <h1
      ref={heading}
      tabIndex={focusOnShow ? -1 : undefined}
      className="flex items-center gap-2 text-xl font-semibold text-neutral-900 outline-none"
    >
      <ShieldCheck className="size-6 text-brand" aria-hidden="true" />
      {children}
    </h1>
  );
}

/** One input and Verify; the server's message shows under the input when it refuses. */
function ProofForm({
  label,
  inputProps,
  proof,
  onVerified,
}: {
  label: string;
  inputProps: Partial<ComponentProps<'input'>>;
  proof(value: string): SecondFactorProof;
  onVerified(result: VerifyResult): void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const verify = useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: onVerified,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(proof(value));
  };
  const error = verify.error && failureMessage(verify.error, VERIFY_FAILED_MESSAGE);

  return (
    <form className="mt-4 space-y-2" onSubmit={submit} noValidate>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        required
        {...inputProps}
      />
      {error && (
        <div role="alert">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )}
      <Button type="submit" className="w-full" busy={verify.isPending || verify.isSuccess}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}

function CodeForm({ onVerified }: { onVerified(result: VerifyResult): void }) {
  return (
    <ProofForm
      label="6-digit code"
      inputProps={{
        inputMode: 'numeric',
        autoComplete: 'one-time-code',
        maxLength: 6,
        className: 'font-mono',
      }}
      proof={(code) => ({ code })}
      onVerified={onVerified}
    />
  );
}

function RecoveryCodeForm({ onVerified }: { onVerified(result: VerifyResult): void }) {
  return (
    <ProofForm
      label="Recovery code"
      inputProps={{ autoComplete: 'off', spellCheck: false, className: 'font-mono' }}
      proof={(recovery_code) => ({ recovery_code })}
      onVerified={onVerified}
    />
  );
}

function RecoveryCodes({
  codes,
  leaving,
  onContinue,
}: {
  codes: string[];
  leaving: boolean;
  onContinue(): Promise<void>;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Codes Copied', {
        description: 'Keep them somewhere safe, such as your password manager.',
      });
    } catch {
      toast.error('Copy Failed', { description: 'Unable to copy the codes to the clipboard' });
    }
  };
  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <Heading>Save your recovery codes</Heading>
        <p className="mt-2 text-sm text-neutral-700">
          Two-step verification is on. If you lose your authenticator app, each of these codes signs you in
          once. Keep them somewhere safe: this is the only time they are shown.
        </p>
        <ol
          aria-label="Recovery codes"
          className="mt-4 grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2"
        >
          {codes.map((code) => (
            <li key={code} className="rounded-md bg-neutral-100 px-3 py-2 text-center text-neutral-900">
              {code}
            </li>
          ))}
        </ol>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden="true" />
            Copy codes
          </Button>
          <Button busy={leaving} onClick={() => void onContinue()}>
            I have saved them, continue
          </Button>
        </div>
      </Card>
    </div>
  );
}
