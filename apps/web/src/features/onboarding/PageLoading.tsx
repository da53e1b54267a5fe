import { Spinner } from '../../components/ui/Spinner.tsx';

/** What the onboarding screens show while they find out where the user stands. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center gap-3 text-neutral-700">
      <Spinner label={null} />
      <p role="status">{label}</p>
    </div>
  );
}
