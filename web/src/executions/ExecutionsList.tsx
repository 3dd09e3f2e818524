import { formatExactTime, formatRelativeTime, runDurationText, summarizeTriggerData } from '@junction/core';
import { History } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import styled from 'styled-components';
import { EXECUTION_FILTER_STATUSES, EXECUTION_STATUS_LABELS, executionTone } from '../shared/run-status.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, EmptyState, Select, Spinner, Status, Table, type TableColumn, TextField } from '../ui/index.js';
import { type ExecutionListFilters, type ExecutionRow, mergeExecutionPages } from './execution-list.js';
import { ExecutionsStoreModel } from './executions-store.js';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > * { min-width: 180px; margin-bottom: ${({ theme }) => theme.space(1)}; }
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(3)};
`;

const TimeLink = styled(RouterLink)`
  color: ${({ theme }) => theme.colors.accentText};
  text-decoration: none;
  &:hover { text-decoration: underline; }
`;

/** Props of {@link ExecutionsList}. */
export interface ExecutionsListProps {
  workflowId: string;
  /** The status filter it opens with (a link to a workflow's failed runs: 'failed'); any unless told. */
  initialStatus?: string;
}

/**
 * One workflow's executions, newest first, with status, a relative start time (exact to the
 * millisecond on hover) and a summary of the trigger data ('Ada · 42'), filtered by status and
 * by a start date; each row opens the replay page. The newest page is a polled resource of the
 * server-state layer (new runs appear while the list is on screen; leaving it stops the polling
 * and aborts its request); older pages load on demand.
 */
export const ExecutionsList = observer(function ExecutionsList({
  workflowId,
  initialStatus = '',
}: ExecutionsListProps) {
  const executions = usePageStore(ExecutionsStoreModel);
  const [filters, setFilters] = useState<ExecutionListFilters>({ status: initialStatus, since: '' });
  const newest = useMemo(() => executions.newestRuns(workflowId, filters), [executions, workflowId, filters]);
  const [older, setOlder] = useState<{ rows: ExecutionRow[]; cursor?: string; isLoading: boolean; failure: string }>({
    rows: [],
    isLoading: false,
    failure: '',
  });
  // Other filters start from the newest page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the resource changes.
  useEffect(() => setOlder({ rows: [], isLoading: false, failure: '' }), [newest]);

  const loadOlder = async (cursor: string) => {
    setOlder((state) => ({ ...state, isLoading: true, failure: '' }));
    try {
      const page = await executions.olderRuns(workflowId, filters, cursor);
      setOlder((state) => ({
        rows: [...state.rows, ...page.items],
        cursor: page.nextCursor ?? '',
        isLoading: false,
        failure: '',
      }));
    } catch (error) {
      setOlder((state) => ({ ...state, isLoading: false, failure: failureText(error) }));
    }
  };

  const first = newest.data;
  const rows = mergeExecutionPages(first?.items ?? [], older.rows);
  // The next older page: after the pages loaded so far, else after the newest page.
  const cursor = older.cursor !== undefined ? older.cursor || undefined : first?.nextCursor;
  const failure = newest.problem?.text ?? older.failure;
  const phase: 'loading' | 'ready' | 'failed' =
    newest.problem && !first ? 'failed' : newest.isLoading || older.isLoading ? 'loading' : 'ready';

  const now = Date.now();
  const columns: TableColumn<ExecutionRow>[] = [
    {
      key: 'status',
      header: 'Status',
      width: '18%',
      cell: (row) => (
        <Status tone={executionTone(row.status)}>{EXECUTION_STATUS_LABELS[row.status] ?? row.status}</Status>
      ),
    },
    {
      key: 'started',
      header: 'Started',
      width: '18%',
      // The exact time to the millisecond tells apart runs of the same second.
      cell: (row) => (
        <TimeLink to={`/executions/${row.id}`} title={formatExactTime(row.startedAt)}>
          <time dateTime={row.startedAt}>{formatRelativeTime(row.startedAt, now)}</time>
        </TimeLink>
      ),
    },
    {
      key: 'trigger-data',
      header: 'Trigger data',
      width: '32%',
      cell: (row) => (
        <span data-testid="execution-summary">{summarizeTriggerData(row.triggerData) || row.trigger}</span>
      ),
    },
    // Why it failed; else how long it took (a blank cell said nothing about a run that went well).
    { key: 'details', header: 'Details', cell: (row) => row.error ?? runDurationText(row.startedAt, row.finishedAt) },
  ];
  return (
    <section aria-label="Executions" data-testid="executions-list">
      <Filters>
        <Select
          label="Status"
          value={filters.status}
          onChange={(event) => setFilters({ ...filters, status: event.target.value })}
          options={[
            { value: '', label: 'All' },
            ...EXECUTION_FILTER_STATUSES.map((status) => ({ value: status, label: EXECUTION_STATUS_LABELS[status] })),
          ]}
        />
        <TextField
          label="Since"
          type="date"
          value={filters.since}
          onChange={(event) => setFilters({ ...filters, since: event.target.value })}
        />
      </Filters>
      {failure && <p role="alert">Could not load the executions: {failure}</p>}
      {(rows.length > 0 || phase === 'ready') && (
        <Table
          caption="Executions"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowAttributes={(row) => ({ 'data-testid': 'execution-row', 'data-status': row.status })}
          maxHeight="min(60vh, 520px)"
          empty={
            <EmptyState title="No runs to show" icon={<History />}>
              No executions yet. A run is listed when the trigger fires or you run the workflow.
            </EmptyState>
          }
        />
      )}
      {phase === 'loading' && <Spinner label="Loading executions" />}
      {cursor && phase === 'ready' && (
        <More>
          <Button variant="secondary" onClick={() => void loadOlder(cursor)}>
            Load more
          </Button>
        </More>
      )}
    </section>
  );
});
