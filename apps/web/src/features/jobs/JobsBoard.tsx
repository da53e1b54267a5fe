import type { ClientApproval, JobFilters, JobListItem } from '@app/domain/jobs';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Button, focusRing } from '../../components/ui/Button.tsx';
import { allChosen } from '../../components/ui/Field.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { focusIfLost, useFocusOnChange } from '../../lib/focus.ts';
import { useChosenJobs } from '../../lib/use-chosen-jobs.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { BulkActionsBar } from './BulkActionsBar.tsx';
import { EmptyJobs } from './EmptyJobs.tsx';
import { SelectAllCheckbox } from './JobCells.tsx';
import { JobDetailsDialog } from './JobDetailsDialog.tsx';
import { JobFiltersBar } from './JobFiltersBar.tsx';
import { JobList } from './JobList.tsx';
import { JobNotesDialog } from './JobNotesDialog.tsx';
import { JobSortControls } from './JobSortControls.tsx';
import { JobsLoading } from './JobsLoading.tsx';
import {
  type JobTableVariant,
  jobColumns,
  type OptionalJobField,
  presentOptionalFields,
} from './job-columns.tsx';
import {
  APPLYING_FILTERS,
  CHECK_FOR_JOBS,
  CHECKING_FOR_JOBS,
  NO_MATCHES_HINT,
  NO_MATCHES_TITLE,
  NO_NEW_JOBS_YET,
} from './job-messages.ts';
import { type JobTableActions, JobTableContext } from './job-table-context.ts';
import { useJobDecisions } from './use-job-decisions.ts';
import { useJobListView } from './use-job-list-view.ts';
import { loadFailureTitle, useMyJobs } from './use-my-jobs.ts';
import { useWideScreen } from './use-wide-screen.ts';

const NO_JOBS: readonly JobListItem[] = [];

export interface JobsBoardProps {
  variant: JobTableVariant;
  /** The table's accessible name. */
  label: string;
  /** What the page lists with nothing in the address; the address holds what differs. */
  defaultFilters: JobFilters;
  loadingText: string;
  /** Shown instead of the filters and the table when the client has no jobs at all. */
  noJobs: ReactNode;
  /** The signed-in client's id, under which unsaved notes and chosen jobs are kept. */
  userId: string;
}

/**
 * The filters, the job table and its dialogs, as /myjobs ('manage': checkboxes, bulk bar, Reject
 * toggle) and /job-stats ('stats') show them.
 */
export function JobsBoard({ variant, label, defaultFilters, loadingText, noJobs, userId }: JobsBoardProps) {
  const query = useMyJobs();
  const failure = useLoadFailure(query);
  const jobs = query.data ?? NO_JOBS;
  const view = useJobListView(jobs, defaultFilters);
  const wide = useWideScreen();
  const { inFlight, toggleDecision, decideMany, deciding } = useJobDecisions();
  const [selected, setSelected] = useChosenJobs(userId, 'my-jobs');
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [notesId, setNotesId] = useState<string | null>(null);

  const optionalKey = presentOptionalFields(jobs).join(',');
  const optional = useMemo(
    () => (optionalKey ? (optionalKey.split(',') as OptionalJobField[]) : []),
    [optionalKey],
  );
  const columns = useMemo(() => jobColumns(variant, optional), [variant, optional]);
  const sortColumns = useMemo(
    () => columns.flatMap((columnDef) => (columnDef.meta?.sortColumn ? [columnDef.meta.sortColumn] : [])),
    [columns],
  );

  const visible = view.visible;

  const selectedShown = useMemo(() => visible.filter((job) => selected.has(job.id)), [visible, selected]);
  const shownBox = useRef<HTMLInputElement>(null);
  const barShown = variant === 'manage' && selectedShown.length > 0;
  // The bulk bar leaves with the button just used (Reject All, Clear Selection...): focus goes on to
  // the select-all box, where a selection starts. The view stays: on a phone that box sits above
  // the cards, and whoever chose cards far down keeps their place.
  useFocusOnChange(barShown, (shown) => (shown ? null : shownBox.current), { preventScroll: true });

  // A decision can take its job out of the list shown (Decision: Not Rejected) or far along it (sorted
  // by decision), and the row's toggle, focused, with it. Focus then goes to the toggle of the job now
  // in that place (the last one when it was the last), or to the message that nothing is left.
  const listBox = useRef<HTMLDivElement>(null);
  const emptyBox = useRef<HTMLDivElement>(null);
  const decidedAt = useRef<number | null>(null);
  useEffect(() => {
    const serialNumber = decidedAt.current;
    if (serialNumber === null) return;
    decidedAt.current = null;
    const place = Math.min(serialNumber, visible.length);
    focusIfLost(
      place === 0
        ? emptyBox.current
        : listBox.current?.querySelector<HTMLElement>(`[data-decision-toggle="${place}"]`),
    );
  }, [visible]);

  // 'Check for New Jobs' was pressed and answered: a look that found nothing says so.
  const [lookedAgain, setLookedAgain] = useState(false);
  // Jobs that arrive take the place of that button, and of the focus it had: the filter bar's
  // refresh button, which does the same, has it instead. (Not as the first load lands: the no-jobs
  // state has to have been shown.)
  const refreshButton = useRef<HTMLButtonElement>(null);
  useFocusOnChange(query.isSuccess && jobs.length === 0, (none) => (none ? null : refreshButton.current));

  // A dialog gives focus back to the control that opened it; the opener's job stays rendered while
  // the dialog is open, however far it moves or the list scrolls (useKeptInRange). A job that left
  // the list meanwhile (a bulk change read the list again) took that control with it: the dialog then
  // gives focus (its finalFocus), as after a decision, to the job now in its place (its first control)
  // or to the message that nothing is left.
  const dialogJobId =
    [detailsId, notesId].find((id) => id !== null && jobs.some((job) => job.id === id)) ?? null;
  // A dialog whose job left the list is closed for good: were the job to come back in a later read
  // (another tab restored it), its dialog would open again on its own.
  useEffect(() => {
    const gone = (id: string | null) => id !== null && !jobs.some((job) => job.id === id);
    if (gone(detailsId)) setDetailsId(null);
    if (gone(notesId)) setNotesId(null);
  }, [jobs, detailsId, notesId]);
  const dialogPlace = useRef<number | null>(null);
  const afterDialog = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (dialogJobId !== null) {
      const place = visible.findIndex((job) => job.id === dialogJobId);
      if (place >= 0) dialogPlace.current = place;
      return;
    }
    const place = dialogPlace.current;
    dialogPlace.current = null;
    if (place === null) return;
    const next = visible[Math.min(place, visible.length - 1)];
    // Set as the dialog closes, before it gives focus back, which it does on a timer.
    afterDialog.current = next
      ? (listBox.current?.querySelector<HTMLElement>(`[data-job-id="${next.id}"] button`) ?? null)
      : emptyBox.current;
  }, [dialogJobId, visible]);

  const actions = useMemo<JobTableActions>(() => {
    const manage = variant === 'manage';
    const shown = allChosen(selectedShown.length, visible.length);
    return {
      openDetails: (job) => setDetailsId(job.id),
      openNotes: (job) => setNotesId(job.id),
      toggleDecision: manage
        ? (job, serialNumber) => {
            decidedAt.current = serialNumber;
            toggleDecision(job, serialNumber);
          }
        : undefined,
      isUpdating: (id) => inFlight.has(id),
      selection: manage
        ? {
            isSelected: (id) => selected.has(id),
            toggle: (id) =>
              setSelected((current) => {
                const next = new Set(current);
                if (!next.delete(id)) next.add(id);
                return next;
              }),
            shown,
            shownBox,
            toggleShown: () =>
              setSelected((current) => {
                const next = new Set(current);
                for (const job of visible) {
                  if (shown === true) next.delete(job.id);
                  else next.add(job.id);
                }
                return next;
              }),
          }
        : undefined,
    };
  }, [variant, selected, selectedShown, visible, inFlight, toggleDecision, setSelected]);

  const decideSelected = async (approval: ClientApproval) => {
    // Serial numbers are positions in the list as shown now, before the change takes jobs out of it.
    const serialNumbers = new Map(visible.map((job, index) => [job.id, index + 1]));
    if (await decideMany(selectedShown, approval, serialNumbers)) setSelected(new Set());
  };

  if (failure.failed) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-neutral-200 bg-white px-4 py-12 text-center">
        {/* The toast's title stays on the page after the toast has gone. */}
        <h2 className="font-semibold text-neutral-900">{loadFailureTitle(failure.error)}</h2>
        <p className="text-neutral-800">{failure.error?.message}</p>
        <Button variant="secondary" busy={failure.retrying} onClick={failure.retry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (query.isPending) {
    return <JobsLoading text={loadingText} />;
  }
  if (jobs.length === 0) {
    return (
      <div className="space-y-3">
        {noJobs}
        {/* The list is read again on its own only on a reconnect or a new visit to the page (not on
            window focus), and the team may assign jobs while it is open: a person waiting for their
            first jobs can look again without reloading. A failed look is toasted, as any failed
            load of the jobs. */}
        <div className="flex flex-col items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            busy={query.isFetching}
            onClick={() => void query.refetch().then(() => setLookedAgain(true))}
          >
            {!query.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
            {query.isFetching ? CHECKING_FOR_JOBS : CHECK_FOR_JOBS}
          </Button>
          <p role="status" className="text-sm text-neutral-700">
            {lookedAgain && !query.isFetching && !query.isError ? NO_NEW_JOBS_YET : ''}
          </p>
        </div>
      </div>
    );
  }

  const findJob = (id: string | null) => (id === null ? null : (jobs.find((job) => job.id === id) ?? null));
  return (
    <JobTableContext.Provider value={actions}>
      <div className="space-y-4">
        <JobFiltersBar
          filters={view.draft}
          onChange={view.setDraft}
          onApply={view.applyFilters}
          valid={view.draftIsValid}
          applying={view.applying}
          justApplied={view.justApplied}
          shown={visible.length}
          total={jobs.length}
          onRefresh={() => query.refetch()}
          refreshing={query.isFetching}
          refreshButton={refreshButton}
        />
        {barShown && (
          // On a phone the cards scroll with the page: the bar stays at the top of the screen, in
          // reach of whoever chose a card far down the list.
          <div className={wide ? undefined : 'sticky top-0 z-10 rounded-lg shadow-md'}>
            <BulkActionsBar
              count={selectedShown.length}
              busy={deciding}
              onRejectAll={() => decideSelected('rejected')}
              onClearRejections={() => decideSelected('pending')}
              onClearSelection={() => setSelected(new Set())}
            />
          </div>
        )}
        {!wide && visible.length > 0 && (
          <div className="space-y-3">
            <JobSortControls columns={sortColumns} sort={view.sort} onSort={view.setSort} />
            {variant === 'manage' && (
              // biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is nested, inside SelectAllCheckbox.
              <label className="flex items-center gap-2 text-sm font-medium text-neutral-800">
                <SelectAllCheckbox />
                Select all
              </label>
            )}
          </div>
        )}
        <div ref={listBox} className="relative">
          {visible.length === 0 ? (
            <div ref={emptyBox} tabIndex={-1} className={`rounded-lg ${focusRing}`}>
              <EmptyJobs title={NO_MATCHES_TITLE} hint={NO_MATCHES_HINT} />
            </div>
          ) : (
            <JobList
              label={label}
              variant={variant}
              wide={wide}
              jobs={visible}
              columns={columns}
              optional={optional}
              sort={view.sort}
              onSort={view.sortBy}
              resetKey={`${JSON.stringify(view.applied)} ${JSON.stringify(view.sort)}`}
            />
          )}
          {view.applying && (
            // Over the table's box, in its middle; over a phone's cards (as long as the list), at their top.
            <div
              role="status"
              className="absolute inset-0 z-20 flex items-start justify-center gap-3 rounded-lg bg-white/80 pt-16 text-neutral-800 md:items-center md:pt-0"
            >
              <Spinner label={null} />
              {APPLYING_FILTERS}
            </div>
          )}
        </div>
      </div>
      <JobDetailsDialog
        job={findJob(detailsId)}
        onClose={() => setDetailsId(null)}
        finalFocus={afterDialog}
      />
      <JobNotesDialog
        job={findJob(notesId)}
        onClose={() => setNotesId(null)}
        finalFocus={afterDialog}
        userId={userId}
      />
    </JobTableContext.Provider>
  );
}
