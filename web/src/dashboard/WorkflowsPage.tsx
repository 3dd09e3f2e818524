import { exportFileName, readImport, toExport } from '@junction/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import styled from 'styled-components';
import { ExecutionsList } from '../executions/ExecutionsList.js';
import { EXECUTION_STATUS_LABELS, formatRunTime } from '../executions/execution-replay.js';
import { useRootStore } from '../stores/root-store.js';
import { AppIcon, Button, Dialog, PageTitle, Spinner, useToast } from '../ui/index.js';
import { DashboardLayout } from './DashboardLayout.js';
import { failureText, searchWorkflows, type WorkflowRow } from './dashboard-workflows.js';
import { Muted, Table, Toolbar, VisuallyHidden } from './parts.js';

/** A workflow's name: one line, cut with an ellipsis; the whole name is its tooltip. */
const NameLink = styled(RouterLink)`
  display: block;
  max-width: 42ch;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Apps = styled.span`
  display: inline-flex;
  gap: 4px;
  img { width: 22px; height: 22px; object-fit: contain; }
`;

const Switch = styled.button<{ $on: boolean }>`
  min-width: 56px;
  padding: 4px 10px;
  border-radius: 999px;
  border: none;
  font: inherit;
  font-weight: 700;
  color: #ffffff;
  background: ${({ $on }) => ($on ? '#2e7d32' : '#52606d')};
  cursor: pointer;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const RowActions = styled.span`
  display: inline-flex;
  flex-wrap: nowrap;
  gap: 2px;
  button { padding: 4px 8px; font-size: 13px; white-space: nowrap; }
`;

/** The workflow list at /workflows. */
export function WorkflowsPage() {
  return (
    <DashboardLayout>
      <WorkflowsView />
    </DashboardLayout>
  );
}

function WorkflowsView() {
  const { dashboard } = useRootStore();
  const { showToast } = useToast();
  const [rows, setRows] = useState<WorkflowRow[] | null>(null);
  const [failure, setFailure] = useState('');
  const [query, setQuery] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<WorkflowRow | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const reload = useCallback(async () => {
    try {
      setRows(await dashboard.loadWorkflowRows());
      setFailure('');
    } catch (error) {
      setFailure(failureText(error));
    }
  }, [dashboard]);

  useEffect(() => {
    void reload();
  }, [reload]);

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
        throw new Error(`Error: There was a problem ${what} the workflow. ${failureText(error)}`);
      }
      await reload();
    });

  const duplicate = (row: WorkflowRow) =>
    act(async () => {
      await dashboard.duplicateWorkflow(row.id);
      showToast({ status: 'success', message: `Duplicated: ${row.name}` });
      await reload();
    });

  const remove = (row: WorkflowRow) =>
    act(async () => {
      await dashboard.deleteWorkflow(row.id);
      setConfirmingDelete(null);
      showToast({ status: 'success', message: `Deleted: ${row.name}` });
      await reload();
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
      await reload();
    });

  const shown = rows ? searchWorkflows(rows, query) : [];
  return (
    <>
      <PageTitle>Workflows</PageTitle>
      <Toolbar>
        <input
          type="search"
          aria-label="Search workflows"
          placeholder="Search workflows"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button onClick={create}>Create workflow</Button>
        <Button variant="ghost" onClick={() => fileInput.current?.click()}>
          Import JSON
        </Button>
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
      {rows !== null && shown.length === 0 && (
        <Muted>{query ? 'No workflow matches your search.' : 'No workflows yet.'}</Muted>
      )}
      {shown.length > 0 && (
        <Table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Apps</th>
              <th>Status</th>
              <th>Last run</th>
              <th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id} data-testid="workflow-row" data-workflow-id={row.id}>
                <td>
                  <NameLink to={`/?id=${encodeURIComponent(row.id)}`} reloadDocument title={row.name}>
                    {row.name}
                  </NameLink>
                </td>
                <td>
                  <Apps>
                    {row.apps.map((app) => (
                      <AppIcon
                        key={app.type}
                        src={app.icon}
                        name={app.label}
                        alt={app.label}
                        title={app.label}
                        size={22}
                      />
                    ))}
                  </Apps>
                </td>
                <td>
                  <Switch
                    type="button"
                    role="switch"
                    aria-checked={row.active}
                    aria-label={`${row.name} is ${row.active ? 'ON' : 'OFF'}`}
                    $on={row.active}
                    onClick={() => toggle(row)}
                  >
                    {row.active ? 'ON' : 'OFF'}
                  </Switch>
                </td>
                <td>
                  {row.lastRun ? (
                    <RouterLink to={`/executions/${row.lastRun.id}`}>
                      {formatRunTime(row.lastRun.startedAt)} ·{' '}
                      {EXECUTION_STATUS_LABELS[row.lastRun.status] ?? row.lastRun.status}
                    </RouterLink>
                  ) : (
                    <Muted as="span">Never run</Muted>
                  )}
                </td>
                <td>
                  <RowActions>
                    <Button variant="ghost" onClick={() => open(row.id)}>
                      Open
                    </Button>
                    <Button variant="ghost" onClick={() => setHistoryOf(row)}>
                      Runs
                    </Button>
                    <Button variant="ghost" onClick={() => duplicate(row)}>
                      Duplicate
                    </Button>
                    <Button variant="ghost" onClick={() => exportOne(row)}>
                      Export
                    </Button>
                    {confirmingDelete === row.id ? (
                      <>
                        <Button variant="danger" onClick={() => remove(row)}>
                          Confirm delete
                        </Button>
                        <Button variant="ghost" onClick={() => setConfirmingDelete(null)}>
                          Cancel
                        </Button>
                      </>
                    ) : (
                      <Button variant="ghost" onClick={() => setConfirmingDelete(row.id)}>
                        Delete
                      </Button>
                    )}
                  </RowActions>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Dialog
        open={historyOf !== null}
        onOpenChange={(isOpen) => !isOpen && setHistoryOf(null)}
        title={`Runs of ${historyOf?.name ?? ''}`}
      >
        {historyOf && <ExecutionsList workflowId={historyOf.id} />}
      </Dialog>
    </>
  );
}
