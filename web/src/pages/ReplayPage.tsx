import type { WorkflowData } from '@junction/core';
import { ArrowLeft } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCan } from '../access/useCan.js';
import { SessionGate, useSessionUser } from '../dashboard/DashboardLayout.js';
import {
  type ExecutionShape,
  FINISHED_STATUSES,
  ONBOARDING_TOAST_MS,
  REPLAY_TEXTS,
  runSamples,
  runsByStep,
  stepStatus,
  versionHref,
} from '../executions/execution-replay.js';
import { ExecutionsStoreModel } from '../executions/executions-store.js';
import { ReplayCanvas } from '../executions/ReplayCanvas.js';
import { FilterDialog, StepRunDialog } from '../executions/StepRunDialog.js';
import { EXECUTION_STATUS_LABELS, executionTone, formatRunTime } from '../shared/run-status.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { exitHref, TOKEN_STORAGE_KEY } from '../stores/session.js';
import { Button, Spinner, Status, useToast } from '../ui/index.js';
import { FullScreen } from '../ui/PageShell.js';

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Exit = styled(RouterLink)`
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  svg { width: 20px; height: 20px; }
  &:hover { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Titles = styled.div`
  flex: 1;
  min-width: 0;
  h1 { margin: 0; font-size: ${({ theme }) => theme.font.size.xlarge}; line-height: ${({ theme }) => theme.font.lineHeight.tight}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.font.size.small}; }
  a { color: ${({ theme }) => theme.colors.accentText}; }
`;

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.dangerSubtle};
  color: ${({ theme }) => theme.colors.dangerText};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const FilterBar = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(5)};
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.muted};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Centered = styled.main`
  display: grid;
  place-items: center;
  height: 100vh;
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
`;

type Load =
  | { phase: 'loading' }
  | { phase: 'missing'; message: string }
  | { phase: 'ready'; execution: ExecutionShape };

/**
 * The execution replay page at /executions/{execID} (onboarding 2, 4, 8): the workflow's name,
 * the run time (US locale, 12-hour), Replay, Edit and exit; a read-only canvas with each step's
 * status; a step's dialog with its input and output, and re-run from a chosen step.
 */
export function ReplayPage() {
  const { state } = useSessionUser();
  if (state.phase !== 'ready') return <SessionGate state={state} />;
  return <ReplayView />;
}

const ReplayView = observer(function ReplayView() {
  const mayRerun = useCan('execution.control').allowed;
  const { execID = '' } = useParams();
  const executions = usePageStore(ExecutionsStoreModel);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [openStepId, setOpenStepId] = useState<string | null>(null);
  const [openLinkId, setOpenLinkId] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLoad({ phase: 'loading' });
    setOpenStepId(null);
    const fetchOnce = async () => {
      try {
        const execution = await executions.readExecution(execID);
        if (!isCurrent) return;
        setLoad({ phase: 'ready', execution });
        // A run still in progress is followed until it finishes.
        if (!FINISHED_STATUSES.has(execution.status)) timer = setTimeout(fetchOnce, 1000);
      } catch (error) {
        if (!isCurrent) return;
        // Core's message table words it: a run that is gone or not this member's is the server's 404 detail.
        const message = failureText(error);
        setLoad({ phase: 'missing', message });
      }
    };
    void fetchOnce();
    return () => {
      isCurrent = false;
      if (timer) clearTimeout(timer);
    };
  }, [executions, execID]);

  const execution = load.phase === 'ready' ? load.execution : null;
  const statusOf = useCallback(
    (stepId: string) => (execution ? stepStatus(execution, stepId) : 'not_run'),
    [execution],
  );
  const openStep = useCallback((stepId: string) => setOpenStepId(stepId), []);
  const openLink = useCallback((linkId: string) => setOpenLinkId(linkId), []);

  if (load.phase === 'loading') {
    return (
      <Centered>
        <Spinner label="Loading execution" />
      </Centered>
    );
  }
  if (load.phase === 'missing' || !execution) {
    return (
      <Centered>
        <div>
          <h1>The execution could not be opened</h1>
          <p>{load.phase === 'missing' ? load.message : ''}</p>
          <Button onClick={() => navigate('/workflows')}>Back to workflows</Button>
        </div>
      </Centered>
    );
  }

  const document = execution.document as WorkflowData;
  const token = typeof window === 'undefined' ? null : window.localStorage.getItem(TOKEN_STORAGE_KEY);

  const finish = (outcome: { executionId: string | null; status: 'success' | 'error'; message: string }) => {
    setBusy(false);
    showToast({ status: outcome.status, message: outcome.message, autoHideMs: ONBOARDING_TOAST_MS });
    if (outcome.executionId) {
      setOpenStepId(null);
      navigate(`/executions/${outcome.executionId}`);
    }
  };

  const onReplay = async () => {
    setBusy(true);
    finish(await executions.replay(execution.id, execution.workflowId));
  };

  const onRerun = async (stepId: string, version: 'original' | 'latest') => {
    setBusy(true);
    finish(await executions.rerunFrom(execution.id, stepId, version, execution.workflowId));
  };

  const onEdit = async () => {
    try {
      const link = await executions.findEditorLink(execution.workflowId);
      if (link) window.location.assign(link);
      else showToast({ status: 'error', message: REPLAY_TEXTS.noEditorLink, autoHideMs: ONBOARDING_TOAST_MS });
    } catch {
      showToast({ status: 'error', message: REPLAY_TEXTS.noEditorLink, autoHideMs: ONBOARDING_TOAST_MS });
    }
  };

  const filterLinks = document.links.filter((link) => link.groups.length > 0);
  const openStepObject = document.steps.find((s) => s.id === openStepId) ?? null;
  return (
    <FullScreen>
      <Header>
        <Exit to={exitHref(token)} aria-label="Exit to dashboard">
          <ArrowLeft aria-hidden="true" />
        </Exit>
        <Titles>
          <h1>{execution.workflowName || 'Untitled workflow'}</h1>
          <p>
            <time dateTime={execution.startedAt} data-testid="run-time">
              {formatRunTime(execution.startedAt)}
            </time>
            {' · '}
            {execution.trigger === 'replay' ? 'Replay' : `Trigger: ${execution.trigger}`}
            {execution.version !== undefined ? (
              <>
                {' · '}
                <RouterLink to={versionHref(execution.workflowId, execution.version)} data-testid="run-version">
                  version {execution.version}
                </RouterLink>
              </>
            ) : execution.ranDraft ? (
              ' · the draft'
            ) : null}
            {execution.rerunOf ? (
              <>
                {' · re-run of '}
                <RouterLink to={`/executions/${execution.rerunOf}`}>an earlier run</RouterLink>
              </>
            ) : null}
          </p>
        </Titles>
        <span data-testid="execution-status">
          <Status tone={executionTone(execution.status)}>
            {EXECUTION_STATUS_LABELS[execution.status] ?? execution.status}
          </Status>
        </span>
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        <Button disabled={isBusy} onClick={onReplay}>
          {isBusy ? 'Running...' : 'Replay'}
        </Button>
      </Header>
      {execution.error && <Notice role="note">{execution.error}</Notice>}
      {filterLinks.length > 0 && (
        <FilterBar>
          Filters:
          {filterLinks.map((link) => (
            <Button key={link.id} variant="ghost" onClick={() => setOpenLinkId(link.id)}>
              {link.name || 'Filter'}
            </Button>
          ))}
        </FilterBar>
      )}
      <ReplayCanvas document={document} statusOf={statusOf} onOpenStep={openStep} onOpenLink={openLink} />
      <StepRunDialog
        step={openStepObject}
        run={openStepId ? runsByStep(execution).get(openStepId) : undefined}
        onClose={() => setOpenStepId(null)}
        // Re-running is for roles that may (core's table); a viewer reads the replay only.
        onRerun={mayRerun ? onRerun : undefined}
        isBusy={isBusy}
      />
      <FilterDialog
        link={document.links.find((l) => l.id === openLinkId) ?? null}
        samples={runSamples(execution)}
        onClose={() => setOpenLinkId(null)}
      />
    </FullScreen>
  );
});
