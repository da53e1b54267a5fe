import type { FormattedFilter, SavedFilter } from '@app/domain/job-filters';
import { NO_QUERIES_MESSAGE } from '@app/domain/job-filters';
import { useMutation } from '@tanstack/react-query';
import { Database, Download, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { ApiError, dataOrThrow, failureMessage } from '../../lib/api.ts';
import { saveBlobAs } from '../../lib/save-file.ts';
import { adminAction, type ClientTarget, type GeneratedFilters, replaceFilters } from './admin-api.ts';
import {
  FILTERS_DOWNLOADED,
  FILTERS_GENERATED,
  filtersSaved,
  GENERATE_FILTERS_FAILED,
  SAVE_FILTERS_FAILED,
} from './admin-messages.ts';
import { FilterFacts, settingsFacts } from './FilterFacts.tsx';
import { filtersFileContent, filtersFileName } from './filters-file.ts';
import { useStaffGuard } from './staff-access.tsx';

const FILTERS_REPLACED = 'Saved filters replaced with the new set';

/** Whether the draft would save exactly what is saved (same names, queries and settings, in order). */
function sameFilters(draft: readonly FormattedFilter[], saved: readonly SavedFilter[]): boolean {
  const shape = (filter: Pick<FormattedFilter, 'name' | 'query' | 'filters'>) =>
    JSON.stringify([filter.name, filter.query, filter.filters]);
  return (
    draft.length === saved.length && draft.every((filter, index) => shape(filter) === shape(saved[index]!))
  );
}

/** What replacing deletes and what takes its place, as the confirmation asks it. */
export function replaceQuestion(saved: number, drafted: number): string {
  const filters = (count: number) => `${count} ${count === 1 ? 'filter' : 'filters'}`;
  const [them, their] = saved === 1 ? ['it', 'its'] : ['them', 'their'];
  return `This deletes the client's ${filters(saved)} saved now, with any changes made to ${them}, and saves this draft's ${filters(drafted)} in ${their} place.`;
}

/**
 * Generate a filter draft from the client's answers, download it as JSON, or save it; saving is
 * offered only while the client has no filters (spec 2, section 4), and a save searches again.
 * On the client page (`saved` given) a draft that differs from the saved set can replace it.
 */
export function GeneratedFiltersCard({
  target,
  fileEmail,
  filtersExist,
  onFiltersChanged,
  replacing,
}: {
  target: ClientTarget;
  /** The e-mail the downloaded file is named by. */
  fileEmail: string;
  /**
   * Whether the client has saved filters, as the page last read them (again after each change): it
   * decides over the draft's `filters_already_exist`, which is as of generating, so filters deleted
   * since then leave the draft to be saved. A draft that finds filters the page has not seen has the
   * page read them again (onFiltersChanged).
   */
  filtersExist: boolean;
  /** The client's saved filters may have changed: the page reads them again. */
  onFiltersChanged(): void;
  /** On the client page: the client whose saved filters the draft may replace, and those filters. */
  replacing?: { clientId: string; filters: readonly SavedFilter[] };
}) {
  const guard = useStaffGuard();
  const email = fileEmail;
  const [draft, setDraft] = useState<GeneratedFilters | null>(null);

  const generate = useMutation({
    mutationFn: async () =>
      dataOrThrow(guard(await adminAction(target, 'generate_filters')), GENERATE_FILTERS_FAILED),
    onSuccess: (data) => {
      setDraft(data);
      toast.success(FILTERS_GENERATED);
      // Filters saved since the page last read the client (by a colleague, or a welcome e-mail sent
      // from the board): the page reads them, so Save is not offered only to be refused.
      if (data.filters_already_exist && !filtersExist) onFiltersChanged();
    },
    onError: (error) => toast.error(failureMessage(error, GENERATE_FILTERS_FAILED)),
  });

  const download = () => {
    if (!draft) return;
    const file = new Blob([filtersFileContent(draft.job_filters)], { type: 'application/json' });
    saveBlobAs(file, filtersFileName(email, new Date()));
    toast.success(FILTERS_DOWNLOADED);
  };

  // From a successful save until the page reads the saved filters back, the client has filters the
  // page does not know of yet: saving again would only be refused as a duplicate.
  const [savedUnseen, setSavedUnseen] = useState(false);
  if (savedUnseen && filtersExist) setSavedUnseen(false);
  const save = useMutation({
    mutationFn: async (filters: GeneratedFilters) =>
      dataOrThrow(
        guard(await adminAction(target, 'save_filters', { formatted_data: filters.formatted_data })),
        SAVE_FILTERS_FAILED,
      ),
    onSuccess: (data) => {
      setSavedUnseen(true);
      toast.success(filtersSaved(data.document_id));
      onFiltersChanged();
    },
    onError: (error) => toast.error(failureMessage(error, SAVE_FILTERS_FAILED)),
  });

  // Replacing deletes the saved filters, perhaps edited by hand since: it is asked first.
  const [askingToReplace, setAskingToReplace] = useState(false);
  const replace = useMutation({
    mutationFn: async ({
      clientId,
      filters,
      saved,
    }: {
      clientId: string;
      filters: GeneratedFilters;
      saved: readonly SavedFilter[];
    }) =>
      dataOrThrow(guard(await replaceFilters(clientId, filters.formatted_data, saved)), SAVE_FILTERS_FAILED),
    onSuccess: () => {
      toast.success(FILTERS_REPLACED);
      setAskingToReplace(false);
      setDraft(null);
      onFiltersChanged();
    },
    onError: (error) => {
      toast.error(failureMessage(error, SAVE_FILTERS_FAILED));
      // A colleague changed the saved filters meanwhile: the page reads them, and the dialog closes
      // so the recruiter sees them before choosing again; the draft stays.
      if (error instanceof ApiError && error.status === 409) {
        setAskingToReplace(false);
        onFiltersChanged();
      }
    },
  });

  const hasQueries = draft !== null && draft.formatted_data.length > 0;
  const canSave = hasQueries && !filtersExist && !savedUnseen;
  const canReplace =
    hasQueries &&
    replacing !== undefined &&
    replacing.filters.length > 0 &&
    !sameFilters(draft.formatted_data, replacing.filters);

  return (
    <Card
      title="Generated Job Filters"
      description="Built from the client's job titles, keywords, salary and work location answers."
      actions={
        <Button variant="secondary" busy={generate.isPending} onClick={() => generate.mutate()}>
          {!generate.isPending && <Sparkles className="size-4" aria-hidden="true" />}
          {generate.isPending ? 'Generating...' : 'Generate Filters'}
        </Button>
      }
    >
      {draft === null ? (
        <p className="text-sm text-neutral-600">No filters generated yet.</p>
      ) : (
        <div className="space-y-4">
          <FilterFacts
            facts={[
              { label: 'Search queries', value: draft.job_filters.queries },
              ...settingsFacts({
                include: draft.job_filters.inclusion_filters.data_job_description,
                exclude: draft.job_filters.exclusion_filters.data_job_description,
                minSalary: draft.job_filters.min_salary,
                isRemote: draft.job_filters.is_remote,
              }),
            ]}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={download}>
              <Download className="size-4" aria-hidden="true" />
              Download JSON
            </Button>
            {canReplace && (
              <>
                <Button onClick={() => setAskingToReplace(true)}>
                  <Database className="size-4" aria-hidden="true" />
                  Replace Existing Filters
                </Button>
                <Dialog
                  open={askingToReplace}
                  onOpenChange={(open) => {
                    if (!replace.isPending) setAskingToReplace(open);
                  }}
                  title="Replace Existing Filters?"
                  description={replaceQuestion(replacing.filters.length, draft.formatted_data.length)}
                  footer={
                    <>
                      <Button
                        variant="secondary"
                        disabled={replace.isPending}
                        onClick={() => setAskingToReplace(false)}
                      >
                        Cancel
                      </Button>
                      <Button
                        busy={replace.isPending}
                        onClick={() =>
                          replace.mutate({
                            clientId: replacing.clientId,
                            filters: draft,
                            saved: replacing.filters,
                          })
                        }
                      >
                        {replace.isPending ? 'Saving...' : 'Replace Existing Filters'}
                      </Button>
                    </>
                  }
                />
              </>
            )}
            {canSave && (
              <Button busy={save.isPending} onClick={() => save.mutate(draft)}>
                {!save.isPending && <Database className="size-4" aria-hidden="true" />}
                {save.isPending ? 'Saving...' : 'Save to Database'}
              </Button>
            )}
          </div>
          {!hasQueries && <p className="text-sm text-neutral-600">{NO_QUERIES_MESSAGE}.</p>}
          {hasQueries && !canSave && !canReplace && (
            <p className="text-sm text-neutral-600">
              {replacing
                ? 'The saved filters already match this draft.'
                : 'This client already has saved filters, listed under Existing Job Filters.'}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
