/**
 * The dashboard home's run pictures (docs/runs-at-scale.md, GET /api/executions/stats): runs per
 * day by status over 7 or 30 days (a toggle), the failure rate (core's `formatFailureRate`), the
 * workflows failing most with a link to their failed runs, and the runs waiting in delays.
 */
import { formatFailureRate, type RunStatsPeriod } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import styled from 'styled-components';
import { usePageStore } from '../stores/root-store.js';
import { Button, Card, Spinner } from '../ui/index.js';
import { TextLink } from './parts.js';
import { RunChart } from './RunChart.js';
import { RunStatsStoreModel } from './run-stats-store.js';

const Period = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  div { display: flex; flex-direction: column-reverse; }
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-size: ${({ theme }) => theme.font.size.xlarge}; font-weight: ${({ theme }) => theme.font.weight.semibold}; }
`;

const Failing = styled.ol`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding-left: ${({ theme }) => theme.space(5)};
  li { padding: ${({ theme }) => theme.space(1)} 0; }
  span { color: ${({ theme }) => theme.colors.muted}; }
`;

const Heading = styled.h3`
  margin: ${({ theme }) => theme.space(5)} 0 0;
  font-size: ${({ theme }) => theme.font.size.medium};
`;

/** The address of a workflow's failed runs (the Runs dialog of /workflows, filtered). */
export const failedRunsPath = (workflowId: string) => `/workflows?runs=${encodeURIComponent(workflowId)}&status=failed`;

/** The run pictures' card. */
export const RunStatsCard = observer(function RunStatsCard() {
  const store = usePageStore(RunStatsStoreModel);
  const [days, setDays] = useState<RunStatsPeriod>(7);
  const resource = store.stats(days);
  const stats = resource.data;
  const toggle = (
    <Period role="group" aria-label="Period">
      {([7, 30] as const).map((n) => (
        <Button
          key={n}
          size="small"
          variant={days === n ? 'primary' : 'secondary'}
          aria-pressed={days === n}
          onClick={() => setDays(n)}
        >
          {n} days
        </Button>
      ))}
    </Period>
  );
  return (
    <Card title="Runs" actions={toggle} data-testid="run-stats">
      {resource.problem ? (
        <>
          <p role="alert">The run counts could not be loaded. {resource.problem.text}</p>
          <Button variant="secondary" onClick={() => resource.refetch()}>
            Try again
          </Button>
        </>
      ) : !stats ? (
        <Spinner label="Loading the run counts" />
      ) : (
        <>
          <Figures>
            <div>
              <dt>Runs, last {stats.period} days</dt>
              <dd data-testid="runs-total">{stats.totals.succeeded + stats.totals.failed + stats.totals.other}</dd>
            </div>
            <div>
              <dt>Failure rate</dt>
              <dd data-testid="failure-rate">{formatFailureRate(stats.failureRate)}</dd>
            </div>
            <div>
              <dt>Waiting in delays</dt>
              <dd data-testid="runs-waiting">{stats.waiting}</dd>
            </div>
          </Figures>
          <RunChart days={stats.days} />
          <p>
            <TextLink to="/runs">Search all runs: re-run or cancel many at once</TextLink>
          </p>
          <Heading>Failing most</Heading>
          {stats.topFailing.length === 0 ? (
            <p>No workflow failed in the last {stats.period} days.</p>
          ) : (
            <Failing data-testid="top-failing">
              {stats.topFailing.map((w) => (
                <li key={w.workflowId}>
                  <TextLink to={failedRunsPath(w.workflowId)}>{w.name || 'Untitled workflow'}</TextLink>{' '}
                  <span>
                    {w.failed} failed {w.failed === 1 ? 'run' : 'runs'}
                  </span>
                </li>
              ))}
            </Failing>
          )}
        </>
      )}
    </Card>
  );
});
