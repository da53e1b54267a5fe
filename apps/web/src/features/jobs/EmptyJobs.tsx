import { SearchX } from 'lucide-react';

/** A list with nothing to show: what happened and, when there is one, what to do about it. */
export function EmptyJobs({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-neutral-200 bg-white px-4 py-10 text-center">
      <SearchX className="size-8 text-neutral-500" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      {hint && <p className="text-sm text-neutral-700">{hint}</p>}
    </div>
  );
}
