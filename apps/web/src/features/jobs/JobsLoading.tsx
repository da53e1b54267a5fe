import { Spinner } from '../../components/ui/Spinner.tsx';

/** The wait for the job list, in the words of the page. */
export function JobsLoading({ text }: { text: string }) {
  return (
    <div className="flex items-center justify-center gap-3 rounded-lg border border-neutral-200 bg-white py-16 text-neutral-700">
      <Spinner label={null} />
      <p>{text}</p>
    </div>
  );
}
