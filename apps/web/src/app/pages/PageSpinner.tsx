import { Spinner } from '../../components/ui/Spinner.tsx';

/** What a page shows while the session is restored or its code loads. */
export function PageSpinner() {
  return (
    <div className="flex justify-center py-16 text-neutral-500">
      <Spinner size="lg" />
    </div>
  );
}
