import { useMutation } from '@tanstack/react-query';
import { Database, Download, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { saveBlobAs } from '../../lib/save-file.ts';
import { adminAction, type GeneratedFilters } from './admin-api.ts';
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

/**
 * Generate a filter draft from the client's answers, download it as JSON, or save it; saving is
 * offered only while the client has no filters (spec 2, section 4), and a save searches again.
 */
export function GeneratedFiltersCard({
  email,
  filtersExist,
  onSaved,
}: {
  email: string;
  filtersExist: boolean;
  onSaved(): void;
}) {
  const guard = useStaffGuard();
  const [draft, setDraft] = useState<GeneratedFilters | null>(null);

  const generate = useMutation({
    mutationFn: async () =>
      dataOrThrow(guard(await adminAction(email, 'generate_filters')), GENERATE_FILTERS_FAILED),
    onSuccess: (data) => {
      setDraft(data);
      toast.success(FILTERS_GENERATED);
    },
    onError: (error) => toast.error(failureMessage(error, GENERATE_FILTERS_FAILED)),
  });

  const download = () => {
    if (!draft) return;
    const file = new Blob([filtersFileContent(draft.job_filters)], { type: 'application/json' });
    saveBlobAs(file, filtersFileName(email, new Date()));
    toast.success(FILTERS_DOWNLOADED);
  };

  const save = useMutation({
    mutationFn: async (filters: GeneratedFilters) =>
      dataOrThrow(
        guard(await adminAction(email, 'save_filters', { formatted_data: filters.formatted_data })),
        SAVE_FILTERS_FAILED,
      ),
    onSuccess: (data) => {
      toast.success(filtersSaved(data.document_id));
      onSaved();
    },
    onError: (error) => toast.error(failureMessage(error, SAVE_FILTERS_FAILED)),
  });

  const canSave = draft !== null && !filtersExist && !draft.filters_already_exist;

  return (
    <Card
      title="Generated Job Filters"
      aria-label="Generated Job Filters"
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
            {canSave && (
              <Button busy={save.isPending} onClick={() => save.mutate(draft)}>
                {!save.isPending && <Database className="size-4" aria-hidden="true" />}
                {save.isPending ? 'Saving...' : 'Save to Database'}
              </Button>
            )}
          </div>
          {!canSave && (
            <p className="text-sm text-neutral-600">
              This client already has saved filters, listed under Existing Job Filters.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
