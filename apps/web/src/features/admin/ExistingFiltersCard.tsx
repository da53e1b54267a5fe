import type { SavedFilter } from '@app/domain/job-filters';
import { Card } from '../../components/ui/Card.tsx';
import { formatMoment } from './admin-record-view.ts';
import { SavedFilterFacts } from './FilterFacts.tsx';

/** The client's saved job-search filters, one per query, in the order they were saved. */
export function ExistingFiltersCard({ filters }: { filters: readonly SavedFilter[] }) {
  return (
    <Card title="Existing Job Filters" aria-label="Existing Job Filters">
      {filters.length === 0 ? (
        <p className="text-sm text-neutral-600">No job filters saved for this client yet.</p>
      ) : (
        <ul className="divide-y divide-neutral-200">
          {filters.map((filter) => (
            <li key={filter.id} className="space-y-3 py-4 first:pt-0 last:pb-0">
              <div>
                <h3 className="font-semibold break-words text-neutral-900">{filter.name}</h3>
                <p className="text-sm text-neutral-600">Saved {formatMoment(filter.date_saved)}</p>
              </div>
              <SavedFilterFacts filter={filter} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
