import {
  DECISION_FILTERS,
  type DecisionFilter,
  type JobFilters,
  type JobListItem,
  type JobSort,
  type JobSortColumn,
  STATUS_FILTERS,
  type StatusFilter,
  toggleSort,
} from '@app/domain/jobs';
import { formatCount, jobName } from '@app/domain/jobs-format';
import { useTable } from '@tanstack/react-table';
import {
  type CSSProperties,
  type RefObject,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { outcomeText } from '../../../components/jobs/OutcomeControl.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { allChosen, Input, Label, Select } from '../../../components/ui/Field.tsx';
import { SelectionBar } from '../../../components/ui/SelectionBar.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { TableScrollBox } from '../../../components/ui/TableScrollBox.tsx';
import {
  ColumnHeader,
  stickyPlacement,
  stickyWidth,
  useVirtualTableRows,
  VirtualTable,
} from '../../../components/ui/VirtualTable.tsx';
import { ApiError, failureMessage } from '../../../lib/api.ts';
import { type JobListSearch, readJobListSearch, writeJobListSearch } from '../../../lib/job-list-search.ts';
import { useChosenJobs } from '../../../lib/use-chosen-jobs.ts';
import { GENERIC_ERROR } from '../admin-messages.ts';
import { JobImportForm } from '../JobImportForm.tsx';
import { type ClientJobsTableActions, ClientJobsTableContext } from './client-job-cells.tsx';
import { type ClientJobColumn, clientJobColumns, clientJobTableFeatures } from './client-job-columns.tsx';
import { visibleJobIds } from './client-jobs-view.ts';
import { eraseOutcomesMessage, eraseOutcomesTitle } from './jobs-table-messages.ts';
import { useAnalystNotesDrafts } from './use-analyst-notes-drafts.ts';
import { useClientJobs } from './use-client-jobs.ts';

/** A first guess at a row's height; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 56;

const APPLIED_LABELS: Record<StatusFilter, string> = {
  all: 'All',
  applied: 'Applied',
  not_applied: 'Not applied',
};
const DECISION_LABELS: Record<DecisionFilter, string> = {
  all: 'All',
  rejected: 'Rejected',
  not_rejected: 'Not rejected',
};

/** The table starts with every job shown; the Applied filter is the address's `status`. */
const TABLE_DEFAULTS: JobFilters = { status: 'all', decision: 'all', date: 'all' };
/** Says which jobs have analyst notes written and not saved. */
export const UNSAVED_NOTES_INTRO = 'Analyst notes you have not saved. Continue writing:';
/** The words in the search box, kept in the address beside the filters and the sort. */
const SEARCH_KEY = 'q';

/**
 * The recruiter's table of one client's jobs (the client page mounts it with the client's id):
 * import a file, find jobs by typing, narrow them by applied and client decision, sort any column,
 * mark them applied one by one or in bulk, record what came of an application, edit analyst notes in
 * place, and delete a job. Thousands
 * of jobs stay quick: the list is filtered and sorted in the browser and only the rows in view render.
 */
export function ClientJobsTable({
  clientId,
  userId,
  viewInAddress = true,
}: {
  clientId: string;
  /** The recruiter's. */
  userId: string;
  /**
   * Whether the search, filters and sort live in the address. Not on /admin, where the address is
   * the clients board's and a table of whichever client was searched by e-mail is shown below it.
   */
  viewInAddress?: boolean;
}) {
  const { jobs, setApplied, markApplied, saveNotes, readNotes, remove, outcomeSaving } =
    useClientJobs(clientId);
  const { draftedIds, draftOf: notesDraftOf, keep: keepNotesDraft } = useAnalystNotesDrafts(userId);
  const all = jobs.data;
  // The search, the filters and the sort live in the address, so a reload or Back from another page
  // shows the same jobs; the box keeps its own text so that typing never waits for the address.
  const [addressParams, setAddressParams] = useSearchParams();
  const [ownParams, setOwnParams] = useState(() => new URLSearchParams());
  const params = viewInAddress ? addressParams : ownParams;
  const shownList = readJobListSearch(params, TABLE_DEFAULTS);
  const { sort } = shownList;
  const [searchText, setSearchText] = useState(() => params.get(SEARCH_KEY) ?? '');
  const search = useDeferredValue(searchText);
  const filters = { search, applied: shownList.filters.status, decision: shownList.filters.decision };
  const showView = (list: JobListSearch, text: string) => {
    const next = writeJobListSearch(params, list, TABLE_DEFAULTS);
    if (text === '') next.delete(SEARCH_KEY);
    else next.set(SEARCH_KEY, text);
    // One entry for the page: Back leaves it rather than stepping through each keystroke.
    if (viewInAddress) setAddressParams(next, { replace: true });
    else setOwnParams(next);
  };
  const filterBy = (change: Partial<JobFilters>) =>
    showView({ filters: { ...shownList.filters, ...change }, sort }, searchText);
  const [selected, setSelected] = useChosenJobs(userId, `client:${clientId}`);
  const [editingNotesOf, editNotes] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<JobListItem | null>(null);
  const [unapplying, setUnapplying] = useState<Unapplying | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const scrollBox = useRef<HTMLDivElement>(null);
  const ids = useId();
  // The Delete button that opened the dialog leaves with its job: focus then goes to the Delete button
  // of the job that took its place (or the search box). Only after a delete: a failed one leaves its
  // job listed and its button takes focus back, so Enter never lands on another job's Delete.
  const afterDelete = useRef<HTMLElement | null>(null);

  const byId = useMemo(() => new Map((all ?? []).map((job) => [job.id, job])), [all]);
  // Which jobs are shown, and in what order, is decided when the filters, the sort or the set of jobs
  // changes, not when a job in view changes: a job marked applied under 'Not applied' stays in its
  // place (with focus on its box) until the recruiter changes the view.
  const jobSetKey = useMemo(() => (all ?? []).map((job) => job.id).join(' '), [all]);
  const filtersKey = JSON.stringify([search, filters.applied, filters.decision, sort]);
  const viewKey = `${filtersKey} ${jobSetKey}`;
  const [view, setView] = useState<{ key: string; ids: string[] }>({ key: '', ids: [] });
  if (all && view.key !== viewKey) {
    setView({ key: viewKey, ids: visibleJobIds(all, filters, sort) });
  }
  const shown = useMemo(
    () => view.ids.map((id) => byId.get(id)).filter((job): job is JobListItem => job !== undefined),
    [view.ids, byId],
  );
  const selectedShown = useMemo(() => shown.filter((job) => selected.has(job.id)), [shown, selected]);

  const toggleApplied = useCallback(
    (job: JobListItem) => {
      const toggle = () => setApplied.mutate({ job, applied: !job.applied_for_job });
      if (job.applied_for_job) askBeforeErasingOutcomes([job], toggle, setUnapplying);
      else toggle();
    },
    [setApplied],
  );

  const actions = useMemo<ClientJobsTableActions>(
    () => ({
      isSelected: (id) => selected.has(id),
      toggleSelected: (id) =>
        setSelected((current) => {
          const next = new Set(current);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      shownSelection: allChosen(selectedShown.length, shown.length),
      toggleAllShown: () =>
        setSelected(
          selectedShown.length === shown.length && shown.length > 0
            ? new Set()
            : new Set(shown.map((job) => job.id)),
        ),
      toggleApplied,
      editingNotesOf,
      editNotes,
      closeNotes: (id) => editNotes((current) => (current === id ? null : current)),
      // Not mutate's onSuccess, which TanStack runs for the latest call only: a save answered after
      // another job's notes were saved would leave its draft behind. The hook says a failure.
      saveNotes: (job, notes, before, saved, changedMeanwhile) => {
        saveNotes.mutateAsync({ job, notes, before }).then(saved, async (error) => {
          if (!(error instanceof ApiError && error.status === 409)) return;
          const theirs = await readNotes(job.id);
          if (theirs !== undefined) changedMeanwhile(theirs);
        });
      },
      savingNotesOf: saveNotes.isPending ? (saveNotes.variables?.job.id ?? null) : null,
      hasNotesDraft: (id) => draftedIds.has(id),
      notesDraftOf,
      keepNotesDraft,
      askDelete: (job) => {
        afterDelete.current = null;
        setDeleting(job);
      },
      outcomeSaving,
    }),
    [
      selected,
      selectedShown,
      shown,
      toggleApplied,
      editingNotesOf,
      saveNotes,
      readNotes,
      draftedIds,
      notesDraftOf,
      keepNotesDraft,
      outcomeSaving,
      setSelected,
    ],
  );

  const bulk = (applied: boolean) => {
    const chosen = selectedShown;
    const mark = () =>
      markApplied.mutate(
        { ids: chosen.map((job) => job.id), applied },
        { onSuccess: () => setSelected(new Set()) },
      );
    if (applied) mark();
    else askBeforeErasingOutcomes(chosen, mark, setUnapplying);
  };

  const confirmDelete = () => {
    if (!deleting || remove.isPending) return;
    const index = shown.findIndex((job) => job.id === deleting.id);
    const next = shown[index + 1] ?? shown[index - 1];
    remove.mutate(deleting, {
      onSuccess: () => {
        afterDelete.current =
          (next && scrollBox.current?.querySelector<HTMLElement>(`[data-delete-job="${next.id}"]`)) ||
          searchBox.current;
        setDeleting(null);
      },
    });
  };

  const total = all?.length ?? 0;
  // While one bulk change saves, both buttons show it and take no click (one change at a time).
  const busyBulk = markApplied.isPending;
  const noneSelected = selectedShown.length === 0;

  return (
    <Card
      title="Client Jobs"
      description="Jobs assigned to this client. New imports appear within 30 seconds."
    >
      <JobImportForm clientId={clientId} />

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56 space-y-1.5">
          <Label htmlFor={`${ids}-search`}>Search jobs</Label>
          <Input
            ref={searchBox}
            id={`${ids}-search`}
            type="search"
            placeholder="Title, company or notes"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              showView(shownList, event.target.value);
            }}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-applied`}>Applied</Label>
          <Select
            id={`${ids}-applied`}
            value={filters.applied}
            onChange={(event) => filterBy({ status: event.target.value as StatusFilter })}
          >
            {STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {APPLIED_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-decision`}>Client decision</Label>
          <Select
            id={`${ids}-decision`}
            value={filters.decision}
            onChange={(event) => filterBy({ decision: event.target.value as DecisionFilter })}
          >
            {DECISION_FILTERS.map((value) => (
              <option key={value} value={value}>
                {DECISION_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-neutral-700">
          {all ? `${formatCount(shown.length)} of ${formatCount(total)} jobs shown` : ''}
        </p>
        <SelectionBar
          label="Selected jobs"
          count={selectedShown.length}
          onClear={() => setSelected(new Set())}
        >
          <Button
            size="sm"
            aria-disabled={noneSelected || undefined}
            busy={busyBulk}
            onClick={() => bulk(true)}
          >
            Mark Applied
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-disabled={noneSelected || undefined}
            busy={busyBulk}
            onClick={() => bulk(false)}
          >
            Mark Not Applied
          </Button>
        </SelectionBar>
      </div>

      <UnsavedNotes
        jobs={shown.filter((job) => draftedIds.has(job.id) && job.id !== editingNotesOf)}
        onContinue={editNotes}
      />

      <div className="mt-3">
        {jobs.isPending && <Spinner label="Loading jobs..." />}
        {jobs.isError && !all && (
          <p role="alert" className="text-sm text-red-700">
            {failureMessage(jobs.error, GENERIC_ERROR)}
          </p>
        )}
        {all && total === 0 && (
          <p className="text-sm text-neutral-600">No jobs assigned to this client yet.</p>
        )}
        {all && total > 0 && shown.length === 0 && (
          <p className="text-sm text-neutral-600">No jobs match your search or filters.</p>
        )}
        {shown.length > 0 && (
          <ClientJobsTableContext.Provider value={actions}>
            <JobRows
              jobs={shown}
              editingNotesOf={editingNotesOf}
              sort={sort}
              onSort={(column) =>
                showView({ filters: shownList.filters, sort: toggleSort(sort, column) }, searchText)
              }
              scrollBox={scrollBox}
              resetKey={filtersKey}
            />
          </ClientJobsTableContext.Provider>
        )}
      </div>

      <Dialog
        open={unapplying !== null}
        onOpenChange={(open) => {
          if (!open) setUnapplying(null);
        }}
        title={unapplying ? eraseOutcomesTitle(unapplying.withOutcome.length) : ''}
        description={unapplying ? eraseOutcomesText(unapplying) : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setUnapplying(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setUnapplying(null);
                unapplying?.unapply();
              }}
            >
              Mark Not Applied
            </Button>
          </>
        }
      />

      <Dialog
        open={deleting !== null}
        finalFocus={afterDelete}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title="Delete this job?"
        description={
          deleting
            ? `${jobName(deleting)} leaves the client's list, with its history. This cannot be undone.`
            : undefined
        }
        footer={
          <>
            {/* Not while the delete runs, as Escape is not: its answer decides where focus goes. */}
            <Button variant="secondary" disabled={remove.isPending} onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={confirmDelete}>
              {remove.isPending ? 'Deleting...' : 'Delete Job'}
            </Button>
          </>
        }
      />
    </Card>
  );
}

/** Jobs about to be marked not applied, some with an outcome recorded, which that erases. */
interface Unapplying {
  /** How many jobs the change is for. */
  chosen: number;
  withOutcome: JobListItem[];
  unapply(): void;
}

/**
 * Marking a job not applied erases its outcome (decision 036): when any of `jobs` has one, the
 * recruiter is asked first, and `unapply` runs only once they confirm; otherwise it runs at once.
 */
function askBeforeErasingOutcomes(
  jobs: readonly JobListItem[],
  unapply: () => void,
  ask: (question: Unapplying) => void,
) {
  const withOutcome = jobs.filter((job) => job.applied_for_job && job.outcome !== null);
  if (withOutcome.length === 0) unapply();
  else ask({ chosen: jobs.length, withOutcome, unapply });
}

function eraseOutcomesText({ chosen, withOutcome }: Unapplying): string {
  const [only] = withOutcome;
  const outcome = only && outcomeText(only);
  return eraseOutcomesMessage(
    withOutcome.length,
    chosen === 1 && only && outcome ? { name: jobName(only), outcome } : undefined,
  );
}

const placement = stickyPlacement(clientJobColumns);
const stickyColumnsWidth = stickyWidth(clientJobColumns);
const tableWidth = clientJobColumns.reduce((sum, columnDef) => sum + (columnDef.meta?.width ?? 0), 0);

function cellLayout(columnDef: ClientJobColumn): { className: string; style: CSSProperties } {
  const width = columnDef.meta?.width;
  const sticky = columnDef.id ? placement.get(columnDef.id) : undefined;
  if (!sticky) return { className: '', style: { width } };
  // Only where there is room: on a phone the title alone would fill the screen.
  const edge = sticky.edge
    ? 'sm:border-r sm:border-neutral-200 sm:shadow-[4px_0_4px_-4px_rgb(0_0_0/0.15)]'
    : '';
  return { className: `z-[1] bg-inherit sm:sticky ${edge}`, style: { width, left: sticky.left } };
}

/**
 * The jobs shown whose analyst notes were being written and not saved (before a reload, say): their
 * column may be out of view, so each is named here, and continuing opens its notes where they were.
 */
function UnsavedNotes({ jobs, onContinue }: { jobs: JobListItem[]; onContinue(id: string): void }) {
  const id = useId();
  if (jobs.length === 0) return null;
  return (
    <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p id={id}>{UNSAVED_NOTES_INTRO}</p>
      <ul aria-labelledby={id} className="mt-2 flex flex-wrap gap-2">
        {jobs.map((job) => (
          <li key={job.id}>
            <Button size="sm-wrap" variant="secondary" onClick={() => onContinue(job.id)}>
              {jobName(job)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The rows, at most 70% of the viewport high, scrolling both ways with the checkbox and title in
 * view; only the rows in view are rendered.
 */
function JobRows({
  jobs,
  editingNotesOf,
  sort,
  onSort,
  scrollBox,
  resetKey,
}: {
  jobs: JobListItem[];
  /** The job whose analyst notes are being written: its row stays rendered, text and all. */
  editingNotesOf: string | null;
  sort: JobSort | null;
  onSort(column: JobSortColumn): void;
  scrollBox: RefObject<HTMLDivElement | null>;
  /** When this changes (a new search, filter or sort) the rows scroll back to the top. */
  resetKey: string;
}) {
  const table = useTable({
    features: clientJobTableFeatures,
    columns: clientJobColumns,
    data: jobs,
    getRowId: (job) => job.id,
  });
  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualTableRows({
    rows,
    scrollBox,
    rowHeight: ESTIMATED_ROW_HEIGHT,
    overscan: 8,
    resetKey,
    keptId: editingNotesOf,
  });
  const headerGroup = table.getHeaderGroups()[0];

  return (
    <TableScrollBox
      scrollBox={scrollBox}
      // Keeps a control scrolled into view from ending under the sticky columns.
      style={{ '--sticky-width': `${stickyColumnsWidth}px` } as CSSProperties}
      className="sm:scroll-pl-(--sticky-width)"
    >
      <VirtualTable
        label="Client jobs"
        rowCount={rows.length}
        width={tableWidth}
        height={virtualizer.getTotalSize()}
        headers={headerGroup?.headers.map((header) => {
          const sortColumn = header.column.columnDef.meta?.sortColumn;
          const layout = cellLayout(header.column.columnDef);
          return (
            <ColumnHeader
              key={header.id}
              sortable={sortColumn !== undefined}
              direction={sortColumn && sort?.column === sortColumn ? sort.direction : undefined}
              onSort={() => sortColumn && onSort(sortColumn)}
              className={layout.className}
              style={layout.style}
            >
              <table.FlexRender header={header} />
            </ColumnHeader>
          );
        })}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <tr
              key={row.id}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-job-id={row.id}
              aria-rowindex={item.index + 2}
              className={`absolute flex w-full border-b border-neutral-100 ${item.index % 2 ? 'bg-neutral-50' : 'bg-white'}`}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.getAllCells().map((cell) => {
                const layout = cellLayout(cell.column.columnDef);
                return (
                  <td
                    key={cell.id}
                    className={`flex min-w-0 shrink-0 items-center px-3 py-2 text-neutral-800 ${layout.className}`}
                    style={layout.style}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                );
              })}
            </tr>
          );
        })}
      </VirtualTable>
    </TableScrollBox>
  );
}
