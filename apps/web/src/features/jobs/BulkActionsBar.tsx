import { formatCount } from '@app/domain/jobs-format';
import { Button } from '../../components/ui/Button.tsx';

export interface BulkActionsBarProps {
  count: number;
  /** A change to the selected jobs is being saved: the buttons that make one ignore presses. */
  busy: boolean;
  onRejectAll(): void;
  onClearRejections(): void;
  onClearSelection(): void;
}

/** Shown while jobs are selected on /myjobs (spec 2, section 2). */
export function BulkActionsBar({
  count,
  busy,
  onRejectAll,
  onClearRejections,
  onClearSelection,
}: BulkActionsBarProps) {
  return (
    <section
      aria-label="Selected jobs"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-brand/40 bg-blue-50 px-4 py-3"
    >
      <p className="mr-auto text-sm font-medium text-neutral-900" aria-live="polite">
        {formatCount(count)} job(s) selected
      </p>
      <Button size="sm" variant="danger" onClick={onRejectAll} busy={busy}>
        Reject All
      </Button>
      <Button size="sm" variant="secondary" onClick={onClearRejections} busy={busy}>
        Clear Rejections
      </Button>
      {/* The change sent already names its jobs: forgetting the selection meanwhile takes nothing from it. */}
      <Button size="sm" variant="ghost" onClick={onClearSelection}>
        Clear Selection
      </Button>
    </section>
  );
}
