/**
 * The workspace's runs at /runs (docs/runs-at-scale.md): search by status, days, workflow and
 * text in the trigger data; choose runs or "all matching"; re-run them from their failed step
 * (on the version they ran, or the latest) or cancel queued ones, in bulk, with the progress of
 * the bulk job. Who may act is core's `execution.control` (useCan); others see why.
 */
import { bulkProgressText, NO_RUN_FILTERS, type RunSearchFilters } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { refusal, useCan } from '../access/useCan.js';
import {
  EXECUTION_FILTER_STATUSES,
  EXECUTION_STATUS_LABELS,
  executionTone,
  formatRunTime,
} from '../shared/run-status.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import {
  Button,
  EmptyState,
  PageHeader,
  Select,
  Spinner,
  Status,
  Table,
  type TableColumn,
  TextField,
} from '../ui/index.js';
import { DashboardLayout } from './DashboardLayout.js';
import { DashboardStoreModel } from './dashboard-store.js';
import { DateRange, Muted, SwitchRow, TextLink, Toolbar } from './parts.js';
import { type BulkRunJob, type RunSearchRow, RunsSearchStoreModel } from './runs-search-store.js';

/** The runs page. */
export function RunsPage() {
  return (
    <DashboardLayout>
      <RunsView />
    </DashboardLayout>
  );
}

const RunsView = observer(function RunsView() {
  const store = usePageStore(RunsSearchStoreModel);
  const dashboard = usePageStore(DashboardStoreModel);
  const controlRefusal = refusal(useCan('execution.control'));
  const [draft, setDraft] = useState<RunSearchFilters>(NO_RUN_FILTERS);
  const [filters, setFilters] = useState<RunSearchFilters>(NO_RUN_FILTERS);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [version, setVersion] = useState<'original' | 'latest'>('original');
  const [older, setOlder] = useState<{ rows: RunSearchRow[]; next?: string }>({ rows: [] });
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState<BulkRunJob | null>(null);
  const [error, setError] = useState('');

  const page = store.firstPage(filters);
  const rows = page.data ? [...page.data.items, ...older.rows] : null;
  const next = older.rows.length > 0 ? older.next : page.data?.nextCursor;
  const workflows = dashboard.workflowRows.data?.items ?? [];
  const names = new Map(workflows.map((w) => [w.id, w.name]));

  const search = () => {
    setFilters(draft);
    setChosen(new Set());
    setAllMatching(false);
    setOlder({ rows: [] });
  };
  const loadMore = async () => {
    if (!next) return;
    try {
      const more = await store.nextPage(filters, next);
      setOlder({ rows: [...older.rows, ...more.items], next: more.nextCursor });
    } catch (failure) {
      setError(failureText(failure, 'More runs could not be loaded.'));
    }
  };
  const toggle = (id: string) => {
    const copy = new Set(chosen);
    if (copy.has(id)) copy.delete(id);
    else copy.add(id);
    setChosen(copy);
    setAllMatching(false);
  };
  const act = async (action: 'rerun' | 'cancel') => {
    setError('');
    try {
      const target = allMatching ? { filters } : { executionIds: [...chosen] };
      const job = await store.startBulk(action, target, version);
      setFinished(null);
      setJobId(job.id);
      setChosen(new Set());
      setAllMatching(false);
    } catch (failure) {
      setError(failureText(failure, 'The runs could not be acted on.'));
    }
  };

  const shownIds = rows?.map((r) => r.id) ?? [];
  const allShownChosen = shownIds.length > 0 && shownIds.every((id) => chosen.has(id));
  const hasTarget = allMatching || chosen.size > 0;
  const count = !hasTarget
    ? ''
    : allMatching
      ? ' all matching runs'
      : ` ${chosen.size} ${chosen.size === 1 ? 'run' : 'runs'}`;

  const columns: TableColumn<RunSearchRow>[] = [
    {
      key: 'pick',
      header: 'Chosen',
      width: '8%',
      cell: (row) => (
        <input
          type="checkbox"
          aria-label={`Choose the run of ${names.get(row.workflowId) ?? 'a workflow'} at ${formatRunTime(row.startedAt)}`}
          checked={allMatching || chosen.has(row.id)}
          onChange={() => toggle(row.id)}
        />
      ),
    },
    {
      key: 'workflow',
      header: 'Workflow',
      cell: (row) => <TextLink to={`/executions/${row.id}`}>{names.get(row.workflowId) ?? row.workflowId}</TextLink>,
    },
    {
      key: 'status',
      header: 'Status',
      width: '14%',
      cell: (row) => (
        <Status tone={executionTone(row.status)}>{EXECUTION_STATUS_LABELS[row.status] ?? row.status}</Status>
      ),
    },
    {
      key: 'started',
      header: 'Started',
      width: '22%',
      cell: (row) => <time dateTime={row.startedAt}>{formatRunTime(row.startedAt)}</time>,
    },
    { key: 'error', header: 'Error', cell: (row) => <Muted as="span">{row.error ?? ''}</Muted> },
  ];

  return (
    <>
      <PageHeader
        title="Runs"
        description="Every run of this workspace, newest first. Search, then act on many at once."
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <Toolbar>
          <Select
            label="Status"
            value={draft.status}
            placeholder="Any status"
            options={EXECUTION_FILTER_STATUSES.map((s) => ({ value: s, label: EXECUTION_STATUS_LABELS[s] ?? s }))}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          />
          <Select
            label="Workflow"
            value={draft.workflowId}
            placeholder="Any workflow"
            options={workflows.map((w) => ({ value: w.id, label: w.name }))}
            onChange={(event) => setDraft({ ...draft, workflowId: event.target.value })}
          />
          <DateRange>
            <TextField
              label="From"
              type="date"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
            <TextField
              label="To"
              type="date"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </DateRange>
          <TextField
            label="Text in the trigger data"
            value={draft.text}
            maxLength={200}
            onChange={(event) => setDraft({ ...draft, text: event.target.value })}
          />
          <Button type="submit">Search</Button>
        </Toolbar>
      </form>
      <Toolbar role="group" aria-label="Act on the chosen runs" data-testid="bulk-bar">
        <SwitchRow>
          <input
            type="checkbox"
            checked={allShownChosen && !allMatching}
            disabled={shownIds.length === 0}
            onChange={() => {
              setAllMatching(false);
              setChosen(allShownChosen ? new Set() : new Set(shownIds));
            }}
          />
          <span>Choose the runs shown</span>
        </SwitchRow>
        <SwitchRow>
          <input
            type="checkbox"
            checked={allMatching}
            disabled={shownIds.length === 0}
            onChange={() => {
              setChosen(new Set());
              setAllMatching(!allMatching);
            }}
          />
          <span>All matching the search (up to 10,000)</span>
        </SwitchRow>
        <Select
          label="Re-run on"
          value={version}
          options={[
            { value: 'original', label: 'The version each run ran' },
            { value: 'latest', label: 'The latest version' },
          ]}
          onChange={(event) => setVersion(event.target.value as 'original' | 'latest')}
        />
        <Button
          disabled={!hasTarget || controlRefusal !== undefined}
          title={controlRefusal}
          aria-description={controlRefusal}
          onClick={() => void act('rerun')}
        >
          Re-run{count} from the failed step
        </Button>
        <Button
          variant="secondary"
          disabled={!hasTarget || controlRefusal !== undefined}
          title={controlRefusal}
          aria-description={controlRefusal}
          onClick={() => void act('cancel')}
        >
          Cancel{count}
        </Button>
      </Toolbar>
      {jobId && (
        <BulkProgress
          jobId={jobId}
          onFinished={(job) => {
            // Stop asking for the progress; the runs it started or cancelled show in the search.
            setFinished(job);
            setJobId(null);
            void page.refetch();
          }}
        />
      )}
      {finished && <BulkReport job={finished} />}
      {error && <p role="alert">{error}</p>}
      {page.problem && <p role="alert">The runs could not be loaded. {page.problem.text}</p>}
      {rows === null && !page.problem && <Spinner label="Loading runs" />}
      {rows !== null && (
        <>
          <Table
            caption="Runs"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            rowAttributes={(row) => ({ 'data-testid': 'run-row', 'data-status': row.status })}
            empty={<EmptyState title="No run matches this search">Try other filters or wider dates.</EmptyState>}
          />
          {next && (
            <Button variant="secondary" onClick={() => void loadMore()}>
              Load more
            </Button>
          )}
        </>
      )}
    </>
  );
});

const Progress = styled.progress`
  display: block;
  width: 100%;
  max-width: 480px;
  accent-color: ${({ theme }) => theme.colors.accent};
`;

/** A bulk action's progress, read (polled) until it finishes. */
const BulkProgress = observer(function BulkProgress({
  jobId,
  onFinished,
}: {
  jobId: string;
  onFinished: (job: BulkRunJob) => void;
}) {
  const store = usePageStore(RunsSearchStoreModel);
  const job = store.bulkJob(jobId);
  const data = job.data;
  useEffect(() => {
    if (data?.status === 'finished') onFinished(data);
  }, [data, onFinished]);
  if (job.problem) return <p role="alert">The progress could not be read. {job.problem.text}</p>;
  if (!data) return <Spinner label="Starting" />;
  return <BulkReport job={data} />;
});

/** A bulk action's progress or outcome: the bar, the sentence, and why runs could not be acted on. */
function BulkReport({ job }: { job: BulkRunJob }) {
  return (
    <div aria-live="polite" data-testid="bulk-progress">
      <Progress max={Math.max(1, job.total)} value={job.total === 0 ? 1 : job.done} aria-label="Bulk action progress" />
      <p>{bulkProgressText(job)}</p>
      {job.problems.length > 0 && (
        <ul>
          {job.problems.map((p) => (
            <li key={p.executionId}>
              <TextLink to={`/executions/${p.executionId}`}>A run</TextLink>: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
