import { formatExactTime, formatRelativeTime, summarizeTriggerData } from '@junction/core';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import styled from 'styled-components';
import { useRootStore } from '../stores/root-store.js';
import { Button, Spinner } from '../ui/index.js';
import { EXECUTION_FILTER_STATUSES, type ExecutionListFilters, type ExecutionRow } from './execution-list.js';
import { EXECUTION_STATUS_LABELS, problemText } from './execution-replay.js';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(3)};
  label { display: flex; flex-direction: column; gap: 4px; font-size: ${({ theme }) => theme.font.size.small}; font-weight: 600; }
  select, input { font: inherit; padding: 6px 8px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 4px; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { padding: 8px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; font-size: 14px; }
  th { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;

const Dot = styled.span<{ $status: string }>`
  display: inline-block;
  width: 10px;
  height: 10px;
  margin-right: 6px;
  border-radius: 50%;
  background: ${({ $status }) =>
    $status === 'succeeded'
      ? '#2e7d32'
      : $status === 'failed'
        ? '#d32f2f'
        : $status === 'filtered'
          ? '#ed6c02'
          : '#9aa5b1'};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Props of {@link ExecutionsList}. */
export interface ExecutionsListProps {
  workflowId: string;
}

/**
 * One workflow's executions, newest first, with status, a relative start time (exact to the
 * millisecond on hover) and a summary of the trigger data ('Ada · 42'), filtered by status and
 * by a start date; each row opens the replay page. Older pages load on demand.
 */
export function ExecutionsList({ workflowId }: ExecutionsListProps) {
  const { executions } = useRootStore();
  const [filters, setFilters] = useState<ExecutionListFilters>({ status: '', since: '' });
  const [rows, setRows] = useState<ExecutionRow[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [phase, setPhase] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [failure, setFailure] = useState('');

  const load = useCallback(
    async (next?: string) => {
      setPhase('loading');
      try {
        const page = await executions.listPage(workflowId, filters, next);
        setRows((previous) => (next ? [...previous, ...page.items] : page.items));
        setCursor(page.nextCursor);
        setPhase('ready');
      } catch (error) {
        setFailure(problemText(error));
        setPhase('failed');
      }
    },
    [executions, workflowId, filters],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const now = Date.now();
  return (
    <section aria-label="Executions" data-testid="executions-list">
      <Filters>
        <label>
          Status
          <select value={filters.status} onChange={(event) => setFilters({ ...filters, status: event.target.value })}>
            <option value="">All</option>
            {EXECUTION_FILTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {EXECUTION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Since
          <input
            type="date"
            value={filters.since}
            onChange={(event) => setFilters({ ...filters, since: event.target.value })}
          />
        </label>
      </Filters>
      {phase === 'failed' && <p role="alert">Could not load the executions: {failure}</p>}
      {rows.length === 0 && phase === 'ready' ? (
        <Muted>No executions yet.</Muted>
      ) : (
        <Table>
          <thead>
            <tr>
              <th>Status</th>
              <th>Started</th>
              <th>Trigger data</th>
              <th>Details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="execution-row" data-status={row.status}>
                <td>
                  <Dot $status={row.status} />
                  {EXECUTION_STATUS_LABELS[row.status] ?? row.status}
                </td>
                <td>
                  {/* The exact time to the millisecond tells apart runs of the same second. */}
                  <RouterLink to={`/executions/${row.id}`} title={formatExactTime(row.startedAt)}>
                    <time dateTime={row.startedAt}>{formatRelativeTime(row.startedAt, now)}</time>
                  </RouterLink>
                </td>
                <td data-testid="execution-summary">{summarizeTriggerData(row.triggerData) || row.trigger}</td>
                <td>{row.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {phase === 'loading' && <Spinner label="Loading executions" />}
      {cursor && phase === 'ready' && (
        <Button variant="ghost" onClick={() => load(cursor)}>
          Load more
        </Button>
      )}
    </section>
  );
}
