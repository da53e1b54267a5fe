import { type FilterSettings, type SavedFilter, toList } from '@app/domain/job-filters';
import { type JobFilterUpdate, jobFilterUpdateSchema } from '@app/domain/job-filters-api';
import { useMutation } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { ApiError, dataOrThrow, failureMessage } from '../../lib/api.ts';
import { type FilterEditDraft, readFilterEditDraft, rememberFilterEditDraft } from '../../lib/storage.ts';
import { deleteFilter, updateFilter } from './admin-api.ts';
import { formatMoment } from './admin-record-view.ts';
import { ExistingFiltersCard } from './ExistingFiltersCard.tsx';
import { SavedFilterFacts } from './FilterFacts.tsx';
import { useStaffGuard } from './staff-access.tsx';

const SAVE_FAILED = 'Failed to save the filter';
const DELETE_FAILED = 'Failed to delete the filter';
/**
 * Not the spec's words: a save of a filter a colleague deleted since (404). The form stays, with the
 * recruiter's text, until Cancel.
 */
export const FILTER_GONE_MESSAGE =
  'A colleague deleted this filter meanwhile. Copy what you need, then Cancel.';

/** What the edit form holds: lists as comma-separated text, the salary as typed. */
type FilterDraft = FilterEditDraft['fields'];

const draftOf = (filter: SavedFilter): FilterDraft => ({
  name: filter.name,
  query: filter.query,
  include: filter.filters.data_job_description.join(', '),
  exclude: filter.filters.exclude_job_description.join(', '),
  minSalary: filter.filters.min_salary === null ? '' : String(filter.filters.min_salary),
  isRemote: filter.filters.is_remote,
});

/** The form's label of each field the filter's rules can refuse, for the error that names it. */
const FIELD_LABELS = {
  name: 'Name',
  query: 'Query',
  data_job_description: 'Include keywords',
  exclude_job_description: 'Exclude keywords',
  min_salary: 'Minimum salary',
} as const;

/** The label of the field a refused value belongs to (the last part of the rule's path). */
function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = path?.at(-1);
  return typeof key === 'string' && key in FIELD_LABELS
    ? FIELD_LABELS[key as keyof typeof FIELD_LABELS]
    : 'Filter';
}

/** The draft as the API takes it; salary text that is not a whole number stays text so the schema refuses it. */
function changesOf(draft: FilterDraft) {
  const salary = draft.minSalary.trim();
  const filters: Partial<Record<keyof FilterSettings, unknown>> = {
    data_job_description: toList(draft.include),
    exclude_job_description: toList(draft.exclude),
    is_remote: draft.isRemote,
    min_salary: salary === '' ? null : /^\d+$/.test(salary) ? Number(salary) : salary,
  };
  return { name: draft.name, query: draft.query, filters };
}

/**
 * Existing Job Filters (spec 2) as staff's working data: each filter can be edited (Save appears as
 * soon as the form differs from what is saved) or deleted after a confirmation. An edit open and not
 * saved is kept in the tab for the recruiter (`userId`), so a reload or a look elsewhere loses none.
 */
export function EditableFiltersCard({
  filters,
  userId,
  onChanged,
}: {
  filters: readonly SavedFilter[];
  userId: string;
  onChanged(): void;
}) {
  // Filters a colleague deleted while being edited here: still shown, with the form, until Cancel.
  const [gone, setGone] = useState<readonly SavedFilter[]>([]);
  const shown = [...filters, ...gone.filter(({ id }) => !filters.some((filter) => filter.id === id))];
  return (
    <ExistingFiltersCard
      filters={shown}
      renderFilter={(filter) => (
        <EditableFilter
          filter={filter}
          userId={userId}
          gone={gone.some(({ id }) => id === filter.id)}
          onGone={() => setGone((current) => [...current, filter])}
          onClosed={() => setGone((current) => current.filter(({ id }) => id !== filter.id))}
          onChanged={onChanged}
        />
      )}
    />
  );
}

function EditableFilter({
  filter,
  userId,
  gone,
  onGone,
  onClosed,
  onChanged,
}: {
  filter: SavedFilter;
  userId: string;
  gone: boolean;
  onGone(): void;
  onClosed(): void;
  onChanged(): void;
}) {
  const guard = useStaffGuard();
  // An edit left open (a reload, a look elsewhere) comes back as it was.
  const [kept] = useState(() => readFilterEditDraft(userId, filter.id));
  const [draft, setDraft] = useState<FilterDraft | null>(kept?.fields ?? null);
  // The version the form was opened on, which a save names: the page may read a colleague's newer
  // one meanwhile (any reload brings it), and a save must not replace theirs unawares. Null once a
  // save was refused for it (409): the recruiter has been told, and the next save replaces the
  // version the page shows.
  const [openedOn, setOpenedOn] = useState<number | null>(kept?.openedOn ?? null);
  const [error, setError] = useState<string | null>(null);
  // Every change of the form is kept in the tab too; none (`null`) forgets it.
  const keep = (next: FilterDraft | null, version: number | null) => {
    setDraft(next);
    setOpenedOn(version);
    rememberFilterEditDraft(userId, filter.id, next && { fields: next, openedOn: version });
  };
  const close = () => {
    keep(null, null);
    onClosed();
  };
  const [confirmDelete, setConfirmDelete] = useState(false);

  const save = useMutation({
    mutationFn: async (changes: JobFilterUpdate) =>
      dataOrThrow(guard(await updateFilter(filter.id, changes)), SAVE_FAILED),
    onSuccess: (saved) => {
      toast.success(`Filter "${saved.name}" saved`);
      close();
      onChanged();
    },
    onError: (failure) => {
      // Deleted by someone else since it was opened: the form stays with the recruiter's text, as
      // the page reads the filters that are left.
      if (failure instanceof ApiError && failure.status === 404) {
        setError(FILTER_GONE_MESSAGE);
        onGone();
        onChanged();
        return;
      }
      toast.error(failureMessage(failure, SAVE_FAILED));
      // Changed by someone else since it was opened: the page reads their version, which the form
      // keeps its own changes over; saving again then replaces it knowingly.
      if (failure instanceof ApiError && failure.status === 409) {
        keep(draft, null);
        onChanged();
      }
    },
  });
  const remove = useMutation({
    mutationFn: async () => dataOrThrow(guard(await deleteFilter(filter.id)), DELETE_FAILED),
    onSuccess: () => {
      toast.success(`Filter "${filter.name}" deleted`);
      setConfirmDelete(false);
      onChanged();
    },
    onError: (failure) => toast.error(failureMessage(failure, DELETE_FAILED)),
  });

  if (draft) {
    const changed = JSON.stringify(changesOf(draft)) !== JSON.stringify(changesOf(draftOf(filter)));
    const set = (patch: Partial<FilterDraft>) => keep({ ...draft, ...patch }, openedOn);
    const submit = (event: FormEvent) => {
      event.preventDefault();
      // Made on the version opened: the server refuses it if someone saved another since.
      const checked = jobFilterUpdateSchema.safeParse({
        ...changesOf(draft),
        version: openedOn ?? filter.version,
      });
      if (!checked.success) {
        const issue = checked.error.issues[0];
        setError(`${fieldLabel(issue?.path)}: ${issue?.message ?? 'is invalid'}`);
        return;
      }
      setError(null);
      save.mutate(checked.data);
    };
    return (
      <form noValidate onSubmit={submit} aria-label={`Edit filter ${filter.name}`} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={FIELD_LABELS.name}>
            {(control) => (
              <Input {...control} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
            )}
          </Field>
          <Field label={FIELD_LABELS.query}>
            {(control) => (
              <Input {...control} value={draft.query} onChange={(e) => set({ query: e.target.value })} />
            )}
          </Field>
          <Field label={FIELD_LABELS.data_job_description} hint="Separate with commas">
            {(control) => (
              <Input {...control} value={draft.include} onChange={(e) => set({ include: e.target.value })} />
            )}
          </Field>
          <Field label={FIELD_LABELS.exclude_job_description} hint="Separate with commas">
            {(control) => (
              <Input {...control} value={draft.exclude} onChange={(e) => set({ exclude: e.target.value })} />
            )}
          </Field>
          <Field label={FIELD_LABELS.min_salary} hint="Whole dollars; leave empty for no minimum">
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={draft.minSalary}
                onChange={(e) => set({ minSalary: e.target.value })}
              />
            )}
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-neutral-900">
            <input
              type="checkbox"
              checked={draft.isRemote}
              onChange={(e) => set({ isRemote: e.target.checked })}
              className="size-4"
            />
            Remote
          </label>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {changed && !gone && (
            <Button type="submit" busy={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save filter'}
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-neutral-900">{filter.name}</h3>
          <p className="text-sm text-neutral-600">Saved {formatMoment(filter.date_saved)}</p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => keep(draftOf(filter), filter.version)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit<span className="sr-only"> {filter.name}</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirmDelete(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete<span className="sr-only"> {filter.name}</span>
          </Button>
        </div>
      </div>
      <SavedFilterFacts filter={filter} />
      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete the filter "${filter.name}"?`}
        description="The team stops searching with it. This cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Deleting...' : 'Delete filter'}
            </Button>
          </>
        }
      />
    </div>
  );
}
