import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import styled from 'styled-components';
import { EXECUTION_STATUS_LABELS, formatRunTime } from '../executions/execution-replay.js';
import { useRootStore } from '../stores/root-store.js';
import { PageTitle, Spinner } from '../ui/index.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { failureText, type WorkflowRow } from './dashboard-workflows.js';
import { Card, Muted } from './parts.js';

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

const Tile = styled(Card)`
  margin: 0;
  strong { display: block; font-size: 28px; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** The dashboard's home at /dashboard: counts and the latest runs. */
export function DashboardHomePage() {
  return (
    <DashboardLayout>
      <HomeView />
    </DashboardLayout>
  );
}

function HomeView() {
  const { dashboard } = useRootStore();
  const { tenant } = useDashboard();
  const [rows, setRows] = useState<WorkflowRow[] | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    dashboard
      .loadWorkflowRows()
      .then(setRows)
      .catch((error: unknown) => setFailure(failureText(error)));
  }, [dashboard]);
  const recent = (rows ?? [])
    .filter((r) => r.lastRun)
    .sort((a, b) => (b.lastRun?.startedAt ?? '').localeCompare(a.lastRun?.startedAt ?? ''))
    .slice(0, 5);
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      {failure && <p role="alert">Could not load the workflows: {failure}</p>}
      {rows === null && !failure ? (
        <Spinner label="Loading" />
      ) : (
        <>
          <Tiles>
            <Tile>
              <strong>{rows?.length ?? 0}</strong>
              <span>Workflows</span>
            </Tile>
            <Tile>
              <strong>{rows?.filter((r) => r.active).length ?? 0}</strong>
              <span>ON</span>
            </Tile>
            <Tile>
              <strong>{tenant.plan === 'premium' ? 'Premium' : 'Free'}</strong>
              <span>{tenant.name}</span>
            </Tile>
          </Tiles>
          <Card aria-labelledby="recent-heading">
            <h2 id="recent-heading">Latest runs</h2>
            {recent.length === 0 ? (
              <Muted>
                No runs yet. <RouterLink to="/workflows">Open your workflows</RouterLink>.
              </Muted>
            ) : (
              <ul>
                {recent.map((r) => (
                  <li key={r.id}>
                    <RouterLink to={`/executions/${r.lastRun?.id}`}>
                      {r.name} · {formatRunTime(r.lastRun?.startedAt ?? '')} ·{' '}
                      {EXECUTION_STATUS_LABELS[r.lastRun?.status ?? ''] ?? r.lastRun?.status}
                    </RouterLink>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </>
  );
}
