import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import styled from 'styled-components';
import { openSignInWindow, signInUrl } from '../editor/panels/panel-connection.js';
import { formatRunTime } from '../executions/execution-replay.js';
import { useRootStore } from '../stores/root-store.js';
import { AppIcon, Button, Dialog, PageTitle, Spinner, TextField, useToast } from '../ui/index.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { failureText, type WorkflowRow } from './dashboard-workflows.js';
import { Actions, Muted, Table } from './parts.js';

const AppName = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  img { width: 20px; height: 20px; object-fit: contain; }
`;

interface AppInfo {
  appSlug: string;
  appName: string;
  iconURL?: string;
  apiType?: string;
}

interface Connection {
  id: string;
  app: string;
  name: string;
  createdAt: string;
  lastUsed: string | null;
  needsReconnect: boolean;
  statusMessage?: string;
}

/** The connected accounts at /connections. */
export function ConnectionsPage() {
  return (
    <DashboardLayout>
      <ConnectionsView />
    </DashboardLayout>
  );
}

function ConnectionsView() {
  const { account, dashboard } = useRootStore();
  const { me } = useDashboard();
  const { showToast } = useToast();
  const [items, setItems] = useState<Connection[] | null>(null);
  const [workflows, setWorkflows] = useState<WorkflowRow[]>([]);
  const [apps, setApps] = useState<Map<string, AppInfo>>(new Map());
  const [failure, setFailure] = useState('');
  const [renaming, setRenaming] = useState<Connection | null>(null);
  const [draft, setDraft] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [list, rows, catalogue] = await Promise.all([
        dashboard.listCredentials(),
        dashboard.loadWorkflowRows(),
        dashboard.listApps(),
      ]);
      setItems(list as Connection[]);
      setWorkflows(rows);
      setApps(new Map(catalogue.map((app) => [app.appSlug, app] as const)));
      setFailure('');
    } catch (error) {
      setFailure(failureText(error));
    }
  }, [dashboard]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const act = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      showToast({ status: 'error', message: failureText(error) });
    }
  };

  const rename = () =>
    act(async () => {
      if (!renaming) return;
      const name = draft.trim();
      if (!name) return;
      await dashboard.renameCredential(renaming.id, name);
      setRenaming(null);
      showToast({ status: 'success', message: `Connection renamed: ${name}` });
      await reload();
    });

  const reconnect = (item: Connection) =>
    act(async () => {
      if (apps.get(item.app)?.apiType === 'oauth2') {
        // editor-core 2.5, 7.3: the provider's sign-in in a 600 × 700 pop-up, updating this
        // credential; opened blank inside the click, then sent on with a single-use ticket.
        const outcome = await openSignInWindow({
          open: (url, name, features) => window.open(url, name, features),
          name: 'junction-sign-in',
          fetchTicket: () => account.popupTicket(),
          address: (ticket) =>
            signInUrl({
              origin: window.location.origin,
              appSlug: item.app,
              userId: me.id,
              ticket,
              credentialId: item.id,
            }),
        });
        if (outcome === 'blocked') {
          showToast({ status: 'error', message: 'The sign-in window was blocked. Allow pop-ups for this site.' });
        }
        return;
      }
      const check = await dashboard.checkCredential(item.id);
      showToast({
        status: check.ok ? 'success' : 'error',
        message: check.ok
          ? `${item.name} is connected.`
          : (check.message ?? 'Connection expired, please reconnect an account'),
      });
      await reload();
    });

  const remove = (item: Connection) =>
    act(async () => {
      await dashboard.deleteCredential(item.id);
      setConfirmingDelete(null);
      showToast({ status: 'success', message: `Deleted: ${item.name}` });
      await reload();
    });

  return (
    <>
      <PageTitle>Connections</PageTitle>
      {failure && <p role="alert">Could not load the connections: {failure}</p>}
      {items === null && !failure && <Spinner label="Loading connections" />}
      {items !== null && items.length === 0 && (
        <Muted>No connected accounts yet. Connect one from a step in the editor.</Muted>
      )}
      {items !== null && items.length > 0 && (
        <Table>
          <thead>
            <tr>
              <th>Account</th>
              <th>App</th>
              <th>Status</th>
              <th>Last used</th>
              <th>Used by</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const users = workflows.filter((w) => w.credentialIds.includes(item.id));
              return (
                <tr key={item.id} data-testid="connection-row">
                  <td>{item.name || 'unnamed'}</td>
                  <td>
                    <AppName>
                      <AppIcon
                        src={apps.get(item.app)?.iconURL}
                        name={apps.get(item.app)?.appName ?? item.app}
                        size={20}
                      />
                      {apps.get(item.app)?.appName ?? item.app}
                    </AppName>
                  </td>
                  <td>{item.needsReconnect ? (item.statusMessage ?? 'Needs reconnecting') : 'Connected'}</td>
                  <td>{item.lastUsed ? formatRunTime(item.lastUsed) : 'Never'}</td>
                  <td>
                    {users.length === 0
                      ? 'No workflows'
                      : users.map((w, i) => (
                          <span key={w.id}>
                            {i > 0 ? ', ' : ''}
                            <RouterLink to={`/?id=${encodeURIComponent(w.id)}`} reloadDocument>
                              {w.name}
                            </RouterLink>
                          </span>
                        ))}
                  </td>
                  <td>
                    <Button
                      variant="ghost"
                      onClick={() => {
                        setDraft(item.name);
                        setRenaming(item);
                      }}
                    >
                      Rename
                    </Button>
                    <Button variant="ghost" onClick={() => reconnect(item)}>
                      Reconnect
                    </Button>
                    {confirmingDelete === item.id ? (
                      <>
                        <Button variant="danger" onClick={() => remove(item)}>
                          Confirm delete
                        </Button>
                        <Button variant="ghost" onClick={() => setConfirmingDelete(null)}>
                          Cancel
                        </Button>
                      </>
                    ) : (
                      <Button variant="ghost" onClick={() => setConfirmingDelete(item.id)}>
                        Delete
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <Dialog open={renaming !== null} onOpenChange={(open) => !open && setRenaming(null)} title="Rename connection">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void rename();
          }}
        >
          <TextField label="Account name" value={draft} onChange={(event) => setDraft(event.target.value)} autoFocus />
          <Actions>
            <Button type="submit">Save</Button>
            <Button variant="ghost" onClick={() => setRenaming(null)}>
              Cancel
            </Button>
          </Actions>
        </form>
      </Dialog>
    </>
  );
}
