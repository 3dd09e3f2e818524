import { Plug } from 'lucide-react';
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { RoleGate } from '../access/RoleGate.js';
import { AccountStoreModel } from '../account/account-store.js';
import { formatRunTime } from '../shared/run-status.js';
import { openSignInWindow, signInUrl } from '../shared/sign-in-window.js';
import { useLoaded } from '../shared/use-loaded.js';
import { usePageStore } from '../stores/root-store.js';
import {
  AppIcon,
  Button,
  ConfirmDialog,
  Dialog,
  DialogFooter,
  EmptyState,
  PageHeader,
  Spinner,
  Status,
  Table,
  type TableColumn,
  TextField,
  useToast,
} from '../ui/index.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { DashboardStoreModel } from './dashboard-store.js';
import { failureText, type WorkflowRow } from './dashboard-workflows.js';
import { Muted, TextLink } from './parts.js';

const AppName = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
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
  /** Its creator (only they share it or take it back). */
  userId: string;
  visibility?: 'private' | 'workspace';
}

/** The connected accounts at /connections. */
export function ConnectionsPage() {
  return (
    <DashboardLayout>
      <RoleGate action="connection.use" title="Connections are not available">
        <ConnectionsView />
      </RoleGate>
    </DashboardLayout>
  );
}

function ConnectionsView() {
  const account = usePageStore(AccountStoreModel);
  const dashboard = usePageStore(DashboardStoreModel);
  const { me } = useDashboard();
  const { showToast } = useToast();
  const [renaming, setRenaming] = useState<Connection | null>(null);
  const [draft, setDraft] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);

  const { data, failure, reload } = useLoaded(
    useCallback(async () => {
      const [list, workflows, catalogue] = await Promise.all([
        dashboard.listCredentials(),
        dashboard.loadWorkflowRows(),
        dashboard.listApps(),
      ]);
      const apps = new Map<string, AppInfo>(catalogue.map((app) => [app.appSlug, app] as const));
      return { items: list as Connection[], workflows, apps };
    }, [dashboard]),
  );
  const items = data?.items ?? null;
  const workflows: WorkflowRow[] = data?.workflows ?? [];
  const apps = data?.apps ?? new Map<string, AppInfo>();

  const act = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      showToast({ status: 'error', message: failureText(error) });
    }
  };

  const share = (item: Connection, visibility: 'private' | 'workspace') =>
    act(async () => {
      await dashboard.setCredentialVisibility(item.id, visibility);
      showToast({
        status: 'success',
        message:
          visibility === 'workspace'
            ? `${item.name || 'The account'} is shared with the workspace.`
            : `${item.name || 'The account'} is private to you.`,
      });
      await reload();
    });

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

  const deleting = items?.find((item) => item.id === confirmingDelete) ?? null;
  const appName = (item: Connection) => apps.get(item.app)?.appName ?? item.app;
  const columns: TableColumn<Connection>[] = [
    { key: 'account', header: 'Account', cell: (item) => <strong>{item.name || 'unnamed'}</strong> },
    {
      key: 'app',
      header: 'App',
      cell: (item) => (
        <AppName>
          <AppIcon src={apps.get(item.app)?.iconURL} name={appName(item)} size={20} />
          {appName(item)}
        </AppName>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (item) =>
        item.needsReconnect ? (
          <Status tone="warning">{item.statusMessage ?? 'Needs reconnecting'}</Status>
        ) : (
          <Status tone="success">Connected</Status>
        ),
    },
    {
      key: 'shared',
      header: 'Who may use it',
      cell: (item) => (item.visibility === 'private' ? <Muted as="span">Only you</Muted> : 'Everyone in the workspace'),
    },
    {
      key: 'last-used',
      header: 'Last used',
      cell: (item) => (item.lastUsed ? formatRunTime(item.lastUsed) : <Muted as="span">Never</Muted>),
    },
    {
      key: 'used-by',
      header: 'Used by',
      cell: (item) => {
        const users = workflows.filter((w) => w.credentialIds.includes(item.id));
        if (users.length === 0) return <Muted as="span">No workflows</Muted>;
        return users.map((w, i) => (
          <span key={w.id}>
            {i > 0 ? ', ' : ''}
            <TextLink to={`/?id=${encodeURIComponent(w.id)}`} reloadDocument>
              {w.name}
            </TextLink>
          </span>
        ));
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Connections"
        description="The app accounts your workflows sign in with. Rename, check or remove them here."
      />
      {failure && <p role="alert">Could not load the connections: {failure}</p>}
      {items === null && !failure && <Spinner label="Loading connections" />}
      {items !== null && (
        <Table
          caption="Connected accounts"
          columns={columns}
          rows={items}
          rowKey={(item) => item.id}
          rowLabel={(item) => item.name || appName(item)}
          rowAttributes={() => ({ 'data-testid': 'connection-row' })}
          rowActions={(item) => [
            {
              label: 'Rename',
              onSelect: () => {
                setDraft(item.name);
                setRenaming(item);
              },
            },
            { label: 'Reconnect', onSelect: () => reconnect(item) },
            // Only its creator shares a connection or takes it back (another's private one is not listed).
            ...(item.userId === me.id
              ? [
                  item.visibility === 'private'
                    ? { label: 'Share with the workspace', onSelect: () => void share(item, 'workspace') }
                    : { label: 'Make private', onSelect: () => void share(item, 'private') },
                ]
              : []),
            { label: 'Delete', danger: true, onSelect: () => setConfirmingDelete(item.id) },
          ]}
          empty={
            <EmptyState title="No connections" icon={<Plug />}>
              No connected accounts yet. Connect one from a step in the editor.
            </EmptyState>
          }
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name || 'this connection'}?`}
        description="Workflows using this account stop working until you connect another one."
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setConfirmingDelete(null)}
      />
      <Dialog open={renaming !== null} onOpenChange={(open) => !open && setRenaming(null)} title="Rename connection">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void rename();
          }}
        >
          <TextField label="Account name" value={draft} onChange={(event) => setDraft(event.target.value)} autoFocus />
          <DialogFooter>
            <Button variant="secondary" onClick={() => setRenaming(null)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}
