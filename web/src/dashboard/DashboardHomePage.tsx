import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { EXECUTION_STATUS_LABELS, executionTone, formatRunTime } from '../shared/run-status.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, Card, EmptyState, PageHeader, Spinner, Status } from '../ui/index.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { DashboardStoreModel } from './dashboard-store.js';
import type { WorkflowRow } from './dashboard-workflows.js';
import { RuledList, TextLink } from './parts.js';
import { RunStatsCard } from './RunStatsCard.js';

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

const Tile = styled.div`
  padding: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.low};
  strong { display: block; font-size: ${({ theme }) => theme.font.size.title}; line-height: ${({ theme }) => theme.font.lineHeight.tight}; }
  span { color: ${({ theme }) => theme.colors.muted}; }
`;

const Runs = styled(RuledList)`
  li { justify-content: space-between; }
`;

/** The dashboard's home at /dashboard: counts and the latest runs. */
export function DashboardHomePage() {
  return (
    <DashboardLayout>
      <HomeView />
    </DashboardLayout>
  );
}

const HomeView = observer(function HomeView() {
  const dashboard = usePageStore(DashboardStoreModel);
  const { tenant } = useDashboard();
  const navigate = useNavigate();
  // The store's polled resource: the workflows of the newest runs and the workspace's counts.
  const listed = dashboard.recentWorkflows;
  const rows: WorkflowRow[] | null = listed.data?.items ?? null;
  const failure = listed.problem?.text ?? '';
  const recent = (rows ?? [])
    .filter((r) => r.lastRun)
    .sort((a, b) => (b.lastRun?.startedAt ?? '').localeCompare(a.lastRun?.startedAt ?? ''))
    .slice(0, 5);
  return (
    <>
      <PageHeader title="Dashboard" description={`${tenant.name} at a glance.`} />
      {failure && <p role="alert">Could not load the workflows: {failure}</p>}
      {rows === null && !failure ? (
        <Spinner label="Loading" />
      ) : (
        <>
          <Tiles>
            <Tile>
              <strong>{(listed.data?.total ?? 0).toLocaleString('en-US')}</strong>
              <span>Workflows</span>
            </Tile>
            <Tile>
              <strong>{(listed.data?.activeTotal ?? 0).toLocaleString('en-US')}</strong>
              <span>ON</span>
            </Tile>
            <Tile>
              <strong>{tenant.plan === 'premium' ? 'Premium' : 'Free'}</strong>
              <span>{tenant.name}</span>
            </Tile>
          </Tiles>
          <RunStatsCard />
          <Card title="Latest runs">
            {recent.length === 0 ? (
              <EmptyState
                title="No runs yet"
                action={
                  <Button variant="secondary" onClick={() => navigate('/workflows')}>
                    Open your workflows
                  </Button>
                }
              >
                A workflow runs when its trigger fires, or when you run it from the editor.
              </EmptyState>
            ) : (
              <Runs>
                {recent.map((r) => (
                  <li key={r.id}>
                    <TextLink to={`/executions/${r.lastRun?.id}`}>
                      {r.name} · {formatRunTime(r.lastRun?.startedAt ?? '')} ·{' '}
                      {EXECUTION_STATUS_LABELS[r.lastRun?.status ?? ''] ?? r.lastRun?.status}
                    </TextLink>
                    <Status tone={executionTone(r.lastRun?.status ?? '')}>
                      {EXECUTION_STATUS_LABELS[r.lastRun?.status ?? ''] ?? r.lastRun?.status}
                    </Status>
                  </li>
                ))}
              </Runs>
            )}
          </Card>
        </>
      )}
    </>
  );
});
