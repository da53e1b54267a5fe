import type { SavedFilter } from '@app/domain/job-filters';
import { formatSalary } from '@app/domain/jobs-format';

export interface FilterFact {
  label: string;
  /** Text, or a list of keywords shown as chips ('None' when empty). */
  value: string | readonly string[];
}

/** What a job filter asks for, as label and value pairs; used for the draft and for saved filters. */
export function FilterFacts({ facts }: { facts: readonly FilterFact[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-neutral-600 uppercase">{fact.label}</dt>
          <dd className="mt-1 text-sm text-neutral-900">
            {typeof fact.value === 'string' ? fact.value : <Keywords items={fact.value} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Keywords({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <span className="text-neutral-600">None</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-neutral-100 px-2.5 py-0.5 break-all text-neutral-800">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The settings every filter of a client shares, in the order staff read them. */
export function settingsFacts(settings: {
  include: readonly string[];
  exclude: readonly string[];
  minSalary: number | null;
  isRemote: boolean;
}): FilterFact[] {
  return [
    { label: 'Include keywords', value: settings.include },
    { label: 'Exclude keywords', value: settings.exclude },
    {
      label: 'Minimum salary',
      value: settings.minSalary === null ? 'No minimum' : formatSalary(settings.minSalary),
    },
    { label: 'Remote', value: settings.isRemote ? 'Yes' : 'No' },
  ];
}

/** A saved filter's query and settings, as the console and the client page show them. */
export function SavedFilterFacts({ filter }: { filter: SavedFilter }) {
  return (
    <FilterFacts
      facts={[
        { label: 'Query', value: filter.query },
        ...settingsFacts({
          include: filter.filters.data_job_description,
          exclude: filter.filters.exclude_job_description,
          minSalary: filter.filters.min_salary,
          isRemote: filter.filters.is_remote,
        }),
      ]}
    />
  );
}
