import {
  DATE_RANGE_ORDER_MESSAGE,
  type DatePreset,
  type DecisionFilter,
  type JobFilters,
  type StatusFilter,
} from '@app/domain/jobs';
import { formatCount } from '@app/domain/jobs-format';
import { CheckCircle2, RefreshCw } from 'lucide-react';
import { type Ref, useId } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Field, Select } from '../../components/ui/Field.tsx';
import { DateFilterPicker } from './DateFilterPicker.tsx';
import { FILTERS_APPLIED } from './job-messages.ts';

const STATUS_OPTIONS: [StatusFilter, string][] = [
  ['all', 'All'],
  ['applied', 'Applied'],
  ['not_applied', 'Not Applied'],
];
const DECISION_OPTIONS: [DecisionFilter, string][] = [
  ['all', 'All'],
  ['rejected', 'Rejected'],
  ['not_rejected', 'Not Rejected'],
];
const DATE_OPTIONS: [DatePreset, string][] = [
  ['all', 'All'],
  ['latest', 'Latest Data Load'],
  ['week', 'This Week'],
  ['month', 'This Month'],
  ['custom', 'Custom Date'],
];

function FilterSelect<T extends string>(props: {
  label: string;
  value: T;
  options: [T, string][];
  onChange(value: T): void;
}) {
  return (
    <Field label={props.label} className="min-w-40">
      {({ id }) => (
        <Select
          id={id}
          className="w-full"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value as T)}
        >
          {props.options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export interface JobFiltersBarProps {
  filters: JobFilters;
  onChange(filters: JobFilters): void;
  onApply(): void;
  /** False while the custom range has From after To: Apply Filters is refused with a message. */
  valid: boolean;
  applying: boolean;
  justApplied: boolean;
  shown: number;
  total: number;
  onRefresh(): void;
  refreshing: boolean;
  /** The refresh button, for focus to go to when it replaces the one a person used. */
  refreshButton?: Ref<HTMLButtonElement>;
}

/** The Status, Decision and Date filters, Apply Filters, the refresh button and the counts. */
export function JobFiltersBar({
  filters,
  onChange,
  onApply,
  valid,
  applying,
  justApplied,
  shown,
  total,
  onRefresh,
  refreshing,
  refreshButton,
}: JobFiltersBarProps) {
  const set = (change: Partial<JobFilters>) => onChange({ ...filters, ...change });
  const rangeErrorId = useId();
  const rangeError = filters.date === 'custom' && !valid;
  return (
    <section aria-label="Filters" className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => set({ status })}
        />
        <FilterSelect
          label="Decision"
          value={filters.decision}
          options={DECISION_OPTIONS}
          onChange={(decision) => set({ decision })}
        />
        <FilterSelect
          label="Date"
          value={filters.date}
          options={DATE_OPTIONS}
          onChange={(date) => set({ date })}
        />
        {filters.date === 'custom' && (
          <>
            <DateFilterPicker
              label="From"
              value={filters.from ?? null}
              onChange={(from) => set({ from })}
              errorId={rangeError ? rangeErrorId : undefined}
            />
            <DateFilterPicker
              label="To"
              value={filters.to ?? null}
              onChange={(to) => set({ to })}
              errorId={rangeError ? rangeErrorId : undefined}
            />
          </>
        )}
        {/* The two buttons wrap together: a refresh icon alone on a line reads as belonging to nothing. */}
        <div className="flex items-end gap-3">
          {/* Refused rather than disabled: focus stays on it, and the message it points to says why. */}
          <Button
            busy={applying}
            aria-disabled={!valid}
            aria-describedby={rangeError ? rangeErrorId : undefined}
            onClick={onApply}
          >
            Apply Filters
          </Button>
          <Button
            ref={refreshButton}
            variant="secondary"
            aria-label="Refresh jobs"
            busy={refreshing}
            onClick={onRefresh}
          >
            {/* While busy the button shows its spinner instead. */}
            {!refreshing && <RefreshCw className="size-4" aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {rangeError && (
        <p id={rangeErrorId} role="alert" className="text-sm text-red-700">
          {DATE_RANGE_ORDER_MESSAGE}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <span className="rounded-full bg-neutral-100 px-3 py-1 text-sm font-medium text-neutral-800">
          {formatCount(shown)} of {formatCount(total)} jobs shown
        </span>
        {justApplied && (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-800">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {FILTERS_APPLIED}
          </span>
        )}
      </div>
    </section>
  );
}
