/**
 * /instance: the instance owner's page. Who may sign up (open, invitation only, listed
 * domains; fixed when SIGNUP_POLICY is set), every account (disable one: their sessions end at
 * once, the ON workflows of their workspaces keep running) and every workspace.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { DashboardLayout, useDashboard } from '../dashboard/DashboardLayout.js';
import { FormStack, Note } from '../instance/AccessFrame.js';
import {
  InstanceStoreModel,
  type InstanceUser,
  type InstanceWorkspace,
  type SignupPolicy,
} from '../instance/instance-store.js';
import { formatRunTime } from '../shared/run-status.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import {
  Badge,
  Button,
  Card,
  PageHeader,
  Select,
  Spinner,
  Table,
  type TableColumn,
  TextField,
  useToast,
} from '../ui/index.js';

/** The policy form keeps a readable width on a wide page. */
const PolicyForm = styled(FormStack)`
  max-width: 480px;
`;

const POLICY_OPTIONS: { value: SignupPolicy; label: string }[] = [
  { value: 'invite', label: 'Invitation only' },
  { value: 'domains', label: 'Open to listed e-mail domains' },
  { value: 'open', label: 'Open to anyone' },
];

/** The instance page. */
export function InstancePage() {
  return (
    <DashboardLayout>
      <InstanceView />
    </DashboardLayout>
  );
}

function InstanceView() {
  const { me } = useDashboard();
  if (!me.isInstanceOwner) {
    return (
      <>
        <PageHeader title="Instance" />
        <p role="alert">Only the owner of this Junction can open the instance settings.</p>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Instance"
        description="Who may come in: the sign-up policy, every account and every workspace."
      />
      <PolicyCard />
      <UsersCard />
      <WorkspacesCard />
    </>
  );
}

const PolicyCard = observer(function PolicyCard() {
  const store = usePageStore(InstanceStoreModel);
  const { showToast } = useToast();
  const resource = store.settings;
  const settings = resource.data;
  const [policy, setPolicy] = useState<SignupPolicy>('invite');
  const [domains, setDomains] = useState('');
  const [error, setError] = useState('');

  // The form starts from the stored settings each time they arrive (the first answer, a save).
  useEffect(() => {
    if (!settings) return;
    setPolicy(settings.signupPolicy);
    setDomains(settings.signupDomains.join(', '));
  }, [settings]);

  const save = async () => {
    setError('');
    try {
      await store.saveSettings(
        policy,
        domains
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter(Boolean),
      );
      showToast({ status: 'success', message: 'Sign-up policy saved.' });
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  if (!settings)
    return (
      <Card title="Sign-up">
        {resource.problem ? <p role="alert">{resource.problem.text}</p> : <Spinner label="Loading" />}
      </Card>
    );
  const isFixed = settings.fixedByEnvironment;
  return (
    <Card
      title="Sign-up"
      description={
        settings.mailDelivery === 'log'
          ? 'Mail is not sent over SMTP here: invitation links are shown to whoever invites, to pass on.'
          : undefined
      }
    >
      <PolicyForm
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Select
          label="Who may sign up"
          value={policy}
          disabled={isFixed}
          hint={isFixed ? 'SIGNUP_POLICY sets this on the server; change it there.' : undefined}
          options={POLICY_OPTIONS}
          onChange={(event) => setPolicy(event.target.value as SignupPolicy)}
        />
        {policy === 'domains' && (
          <TextField
            label="E-mail domains"
            hint="Comma-separated, like example.com, example.org"
            value={domains}
            disabled={isFixed}
            error={error || undefined}
            onChange={(event) => setDomains(event.target.value)}
          />
        )}
        {policy !== 'domains' && error && <p role="alert">{error}</p>}
        <Note>Invited people can always join, whatever the policy.</Note>
        {!isFixed && (
          <div>
            <Button type="submit">Save</Button>
          </div>
        )}
      </PolicyForm>
    </Card>
  );
});

const UsersCard = observer(function UsersCard() {
  const store = usePageStore(InstanceStoreModel);
  const { showToast } = useToast();
  const resource = store.users;
  const users = resource.data?.items;

  const toggle = async (user: InstanceUser) => {
    try {
      await store.setDisabled(user.id, !user.disabled);
      showToast({
        status: 'success',
        message: user.disabled ? `${user.email} can sign in again.` : `${user.email} is disabled and signed out.`,
      });
    } catch (failure) {
      showToast({ status: 'error', message: failureText(failure) });
    }
  };

  const columns: TableColumn<InstanceUser>[] = [
    { key: 'email', header: 'E-mail', cell: (user) => user.email },
    { key: 'name', header: 'Name', cell: (user) => user.name || '—' },
    {
      key: 'state',
      header: 'State',
      cell: (user) =>
        user.isOwner ? (
          <Badge tone="info">Instance owner</Badge>
        ) : user.disabled ? (
          <Badge tone="danger">Disabled</Badge>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    },
    { key: 'workspaces', header: 'Workspaces', align: 'end', cell: (user) => user.workspaces },
    { key: 'created', header: 'Joined', cell: (user) => formatRunTime(user.createdAt) },
    {
      key: 'actions',
      header: '',
      cell: (user) =>
        user.isOwner ? null : (
          <Button
            variant={user.disabled ? 'secondary' : 'danger'}
            size="small"
            aria-label={user.disabled ? `Enable ${user.email}` : `Disable ${user.email}`}
            onClick={() => void toggle(user)}
          >
            {user.disabled ? 'Enable' : 'Disable'}
          </Button>
        ),
    },
  ];
  return (
    <Card
      title="Users"
      description="Disabling an account signs it out at once; its workspaces' ON workflows keep running."
    >
      {resource.problem && <p role="alert">{resource.problem.text}</p>}
      {resource.isLoading && <Spinner label="Loading users" />}
      {users && <Table caption="Users" columns={columns} rows={users} rowKey={(user) => user.id} />}
    </Card>
  );
});

const WorkspacesCard = observer(function WorkspacesCard() {
  const store = usePageStore(InstanceStoreModel);
  const resource = store.workspaces;
  const workspaces = resource.data?.items;
  const columns: TableColumn<InstanceWorkspace>[] = [
    { key: 'name', header: 'Workspace', cell: (w) => w.name },
    { key: 'owner', header: 'Owner', cell: (w) => w.ownerEmail ?? '—' },
    { key: 'members', header: 'Members', align: 'end', cell: (w) => w.members },
    { key: 'workflows', header: 'Workflows', align: 'end', cell: (w) => w.workflows },
    { key: 'plan', header: 'Plan', cell: (w) => w.plan },
    { key: 'created', header: 'Created', cell: (w) => formatRunTime(w.createdAt) },
  ];
  return (
    <Card title="Workspaces">
      {resource.problem && <p role="alert">{resource.problem.text}</p>}
      {resource.isLoading && <Spinner label="Loading workspaces" />}
      {workspaces && <Table caption="Workspaces" columns={columns} rows={workspaces} rowKey={(w) => w.id} />}
    </Card>
  );
});
