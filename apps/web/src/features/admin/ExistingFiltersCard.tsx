import type { SavedFilter } from '@app/domain/job-filters';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/Card.tsx';
import { formatMoment } from './admin-record-view.ts';
import { SavedFilterFacts } from './FilterFacts.tsx';

/**
 * The client's saved job-search filters, one per query, in the order they were saved. Each is shown
 * as it is, unless the caller renders it (the client page renders an editable one).
 */
export function ExistingFiltersCard({
  filters,
  renderFilter = (filter) => <SavedFilterView filter={filter} />,
}: {
  filters: readonly SavedFilter[];
  renderFilter?: (filter: SavedFilter) => ReactNode;
}) {
  return (
    <Card title="Existing Job Filters">
      {filters.length === 0 ? (
        <p className="text-sm text-neutral-600">No job filters saved for this client yet.</p>
      ) : (
        <ul className="divide-y divide-neutral-200">
          {filters.map((filter) => (
            <li key={filter.id} className="py-4 first:pt-0 last:pb-0">
              {renderFilter(filter)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function SavedFilterView({ filter }: { filter: SavedFilter }) {
  return (
    <div className="space-y-3">
      <div>
        <h3 className="font-semibold break-words text-neutral-900">{filter.name}</h3>
        <p className="text-sm text-neutral-600">Saved {formatMoment(filter.date_saved)}</p>
      </div>
      <SavedFilterFacts filter={filter} />
    </div>
  );
}
