import { countText, exportFileName, readImport, toExport } from '@junction/core';
import { Search, Workflow } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { refusal, useCan } from '../access/useCan.js';
import { ExecutionsList } from '../executions/ExecutionsList.js';
import { EXECUTION_STATUS_LABELS, executionTone, formatRunTime } from '../shared/run-status.js';
import { usePageStore } from '../stores/root-store.js';
import {
  AppIcon,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  PageHeader,
  Spinner,
  Status,
  Table,
  type TableColumn,
  useToast,
} from '../ui/index.js';
import { DashboardLayout } from './DashboardLayout.js';
import { DashboardStoreModel } from './dashboard-store.js';
import { failureText, type WorkflowRow } from './dashboard-workflows.js';
import { Muted, SearchField, Toolbar } from './parts.js';
import { WorkflowAlertsDialog } from './WorkflowAlertsDialog.js';

/** A workflow's name: the row's main link, one line cut with an ellipsis; the whole name is its tooltip. */
const NameLink = styled(RouterLink)`
  display: block;
  max-width: 42ch;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover { color: ${({ theme }) => theme.colors.accentText}; text-decoration: underline; }
`;

const Apps = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const RunLink = styled(RouterLink)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  text-decoration: none;
  &:hover time { color: ${({ theme }) => theme.colors.accentText}; text-decoration: underline; }
`;

/** The ON/OFF switch (editor-core: activation): a pill in the status colours, words inside. */
const Switch = styled.button<{ $on: boolean }>`
  min-width: 56px;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.borderStrong)};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme, $on }) => ($on ? theme.colors.onSuccess : theme.colors.muted)};
  background: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.surfaceSunken)};
  cursor: pointer;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

/** How long the search waits after the last key before asking the server. */
const SEARCH_DELAY_MS = 250;

const More = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** The workflow list at /workflows. */
export function WorkflowsPage() {
  return (
    <DashboardLayout>
      <WorkflowsView />
    </DashboardLayout>
  );
}

/** The list itself: the store's polled resource, read while on screen. */
const WorkflowsView = observer(function WorkflowsView() {
  const dashboard = usePageStore(DashboardStoreModel);
  const { showToast } = useToast();
  const [query, setQuery] = useState('');
  // The search runs on the server, a moment after the last key.
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(query.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  // Pages after the first (Load more), by the cursor each was asked with.
  const [later, setLater] = useState<{ searched: string; cursors: string[] }>({ searched: '', cursors: [] });
  const cursors = later.searched === searched ? later.cursors : [];
  const listed = dashboard.workflowPage(searched);
  const pages = [listed, ...cursors.map((cursor) => dashboard.workflowPageAfter(searched, cursor))];
  const rows = listed.data ? pages.flatMap((page) => page.data?.items ?? []) : null;
  const lastPage = pages.at(-1)?.data;
  const nextCursor = lastPage?.nextCursor;
  const loadingMore = pages.length > 1 && !lastPage;
  const total = listed.data?.total ?? 0;
  const failure = pages.find((page) => page.problem)?.problem?.text ?? '';
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const [chosenHistory, setHistoryOf] = useState<WorkflowRow | null>(null);
  // The dashboard home links a workflow's failed runs as /workflows?runs={id}&status=failed.
  const [params, setParams] = useSearchParams();
  // The linked workflow may be on a page not loaded yet: its runs open all the same.
  const linkedId = params.get('runs');
  const linkedHistory =
    rows === null || !linkedId
      ? null
      : (rows.find((row) => row.id === linkedId) ??
        ({
          id: linkedId,
          name: 'the workflow',
          active: false,
          updatedAt: '',
          apps: [],
          credentialIds: [],
          lastRun: null,
        } satisfies WorkflowRow));
  const historyOf = chosenHistory ?? linkedHistory;
  const closeHistory = () => {
    setHistoryOf(null);
    if (params.has('runs')) setParams({}, { replace: true });
  };
  const [alertsOf, setAlertsOf] = useState<WorkflowRow | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // What the member's role allows (core's permission table): a viewer sees, with the reason.
  const switchRefusal = refusal(useCan('workflow.switch'));
  const editRefusal = refusal(useCan('workflow.edit'));

  const open = (id: string) => window.location.assign(`/?id=${encodeURIComponent(id)}`);

  const act = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      showToast({ status: 'error', message: failureText(error) });
    }
  };

  const create = () =>
    act(async () => {
      open(await dashboard.createWorkflow('Untitled Workflow (Draft)'));
    });

  const toggle = (row: WorkflowRow) =>
    act(async () => {
      try {
        await dashboard.setWorkflowActive(row.id, !row.active);
      } catch (error) {
        const what = row.active ? 'pausing' : 'activating';
        throw new Error(failureText(error, `Error: There was a problem ${what} the workflow.`));
      }
    });

  const duplicate = (row: WorkflowRow) =>
    act(async () => {
      await dashboard.duplicateWorkflow(row.id);
      showToast({ status: 'success', message: `Duplicated: ${row.name}` });
    });

  const remove = (row: WorkflowRow) =>
    act(async () => {
      await dashboard.deleteWorkflow(row.id);
      setConfirmingDelete(null);
      showToast({ status: 'success', message: `Deleted: ${row.name}` });
    });

  const exportOne = (row: WorkflowRow) =>
    act(async () => {
      const full = await dashboard.readWorkflow(row.id);
      const data = toExport(full.name, full.document);
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = exportFileName(full.name);
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });

  const importFile = (file: File) =>
    act(async () => {
      // core's readImport: migrated and validated as the server does (editor-core 3).
      const parsed = readImport(await file.text());
      if (!parsed.ok) throw new Error(parsed.message);
      await dashboard.importWorkflow(parsed.name, parsed.document);
      showToast({ status: 'success', message: `Imported: ${parsed.name}` });
    });

  const shown = rows ?? [];
  const deleting = rows?.find((row) => row.id === confirmingDelete) ?? null;
  const columns: TableColumn<WorkflowRow>[] = [
    {
      key: 'name',
      header: 'Name',
      width: '40%',
      cell: (row) => (
        <NameLink to={`/?id=${encodeURIComponent(row.id)}`} reloadDocument title={row.name}>
          {row.name}
        </NameLink>
      ),
    },
    {
      key: 'apps',
      header: 'Apps',
      width: '12%',
      cell: (row) => (
        <Apps>
          {row.apps.map((app) => (
            <AppIcon key={app.type} src={app.icon} name={app.label} alt={app.label} title={app.label} size={22} />
          ))}
        </Apps>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: '10%',
      cell: (row) => (
        <Switch
          type="button"
          role="switch"
          aria-checked={row.active}
          aria-label={`${row.name} is ${row.active ? 'ON' : 'OFF'}`}
          $on={row.active}
          disabled={switchRefusal !== undefined}
          title={switchRefusal}
          aria-description={switchRefusal}
          onClick={() => toggle(row)}
        >
          {row.active ? 'ON' : 'OFF'}
        </Switch>
      ),
    },
    {
      key: 'last-run',
      header: 'Last run',
      cell: (row) =>
        row.lastRun ? (
          <RunLink to={`/executions/${row.lastRun.id}`}>
            <Status tone={executionTone(row.lastRun.status)}>
              {EXECUTION_STATUS_LABELS[row.lastRun.status] ?? row.lastRun.status}
            </Status>
            <time dateTime={row.lastRun.startedAt}>{formatRunTime(row.lastRun.startedAt)}</time>
          </RunLink>
        ) : (
          <Muted as="span">Never run</Muted>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Workflows"
        description="Each workflow runs its steps when its trigger fires."
        actions={
          <>
            <Button
              variant="secondary"
              disabled={editRefusal !== undefined}
              title={editRefusal}
              onClick={() => fileInput.current?.click()}
            >
              Import JSON
            </Button>
            <Button disabled={editRefusal !== undefined} title={editRefusal} onClick={create}>
              Create workflow
            </Button>
          </>
        }
      />
      <Toolbar>
        <SearchField label="Search workflows" placeholder="Search by name or app" value={query} onSearch={setQuery} />
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </Toolbar>
      {failure && <p role="alert">Could not load the workflows: {failure}</p>}
      {rows === null && !failure && <Spinner label="Loading workflows" />}
      {rows !== null && (
        <Table
          caption="Workflows"
          columns={columns}
          rows={shown}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.name}
          rowAttributes={(row) => ({ 'data-testid': 'workflow-row', 'data-workflow-id': row.id })}
          rowActions={(row) => [
            { label: 'Open', onSelect: () => open(row.id) },
            { label: 'Runs', onSelect: () => setHistoryOf(row) },
            { label: 'Failure alerts', onSelect: () => setAlertsOf(row) },
            { label: 'Duplicate', disabled: editRefusal !== undefined, onSelect: () => duplicate(row) },
            { label: 'Export', onSelect: () => exportOne(row) },
            {
              label: 'Delete',
              danger: true,
              disabled: editRefusal !== undefined,
              onSelect: () => setConfirmingDelete(row.id),
            },
          ]}
          empty={
            searched ? (
              <EmptyState title="No workflow matches your search" icon={<Search />}>
                Try another name or app.
              </EmptyState>
            ) : (
              <EmptyState
                title="No workflows yet"
                icon={<Workflow />}
                action={<Button onClick={create}>Create workflow</Button>}
              >
                A workflow moves data between your apps when something happens.
              </EmptyState>
            )
          }
        />
      )}
      {rows !== null && rows.length > 0 && (
        <More>
          <Muted as="span">
            {rows.length === total
              ? countText(total, 'workflow')
              : `${rows.length.toLocaleString('en-US')} of ${countText(total, 'workflow')}`}
          </Muted>
          {(nextCursor || loadingMore) && (
            <Button
              variant="secondary"
              disabled={loadingMore}
              onClick={() => nextCursor && setLater({ searched, cursors: [...cursors, nextCursor] })}
            >
              {loadingMore ? 'Loading…' : 'Load more workflows'}
            </Button>
          )}
        </More>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'workflow'}?`}
        description="The workflow and its run history are removed. This cannot be undone."
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setConfirmingDelete(null)}
      />
      <Dialog
        open={historyOf !== null}
        onOpenChange={(isOpen) => !isOpen && closeHistory()}
        title={`Runs of ${historyOf?.name ?? ''}`}
        size="large"
      >
        {historyOf && (
          <ExecutionsList workflowId={historyOf.id} initialStatus={chosenHistory ? '' : (params.get('status') ?? '')} />
        )}
      </Dialog>
      <WorkflowAlertsDialog workflow={alertsOf} onClose={() => setAlertsOf(null)} />
    </>
  );
});
