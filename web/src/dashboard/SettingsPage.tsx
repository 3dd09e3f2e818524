import { useEffect, useState } from 'react';
import { PremiumOffer } from '../editor/palette/PremiumOffer.js';
import { isOfferedPremium } from '../editor/palette/premium.js';
import { formatRunTime } from '../executions/execution-replay.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, Card, PageHeader, Spinner, Table, type TableColumn, TextField, useToast } from '../ui/index.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { DashboardStoreModel } from './dashboard-store.js';
import { failureText } from './dashboard-workflows.js';
import { Actions, Muted } from './parts.js';

interface Member {
  userId: string;
  email: string;
  name: string;
  role: 'owner' | 'member';
  joinedAt: string;
}

/** Plan names as the settings page shows them. */
const PLAN_LABELS: Record<string, string> = { free: 'Free', premium: 'Premium' };

const MEMBER_COLUMNS: TableColumn<Member>[] = [
  { key: 'name', header: 'Name', cell: (member) => member.name || '—' },
  { key: 'email', header: 'E-mail', cell: (member) => member.email },
  { key: 'role', header: 'Role', cell: (member) => (member.role === 'owner' ? 'Owner' : 'Member') },
  { key: 'joined', header: 'Joined', cell: (member) => formatRunTime(member.joinedAt) },
];

/** The workspace settings at /settings: name, plan (with the premium offer) and members. */
export function SettingsPage() {
  return (
    <DashboardLayout>
      <SettingsView />
    </DashboardLayout>
  );
}

function SettingsView() {
  const dashboard = usePageStore(DashboardStoreModel);
  const { tenant, refresh, me } = useDashboard();
  const { showToast } = useToast();
  const [name, setName] = useState(tenant.name);
  const [members, setMembers] = useState<Member[] | null>(null);
  const [membersFailure, setMembersFailure] = useState('');
  const [isOfferOpen, setOfferOpen] = useState(false);
  const [nameError, setNameError] = useState('');
  const isOwner = me.tenants.find((m) => m.tenant.id === tenant.id)?.role === 'owner';

  useEffect(() => {
    dashboard
      .listMembers(tenant.id)
      .then(setMembers)
      .catch((error: unknown) => setMembersFailure(failureText(error)));
  }, [dashboard, tenant.id]);

  const save = async () => {
    setNameError('');
    try {
      const saved = await dashboard.renameTenant(tenant.id, name);
      showToast({ status: 'success', message: `Workspace renamed: ${saved}` });
      await refresh();
    } catch (error) {
      setNameError(failureText(error));
    }
  };

  return (
    <>
      <PageHeader title="Settings" description="Your workspace's name, plan and members." />
      <Card title="Workspace">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            label="Workspace name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={!isOwner}
            error={nameError || undefined}
            hint={isOwner ? undefined : "Only the workspace's owner can rename it."}
          />
          <Actions>
            <Button type="submit" disabled={!isOwner || name.trim() === '' || name === tenant.name}>
              Save
            </Button>
          </Actions>
        </form>
      </Card>
      <Card title="Plan">
        <p data-testid="plan">
          {PLAN_LABELS[tenant.plan] ?? tenant.plan} plan · {tenant.planStatus}
        </p>
        {isOfferedPremium(tenant) ? (
          <Button onClick={() => setOfferOpen(true)}>Upgrade to Premium</Button>
        ) : (
          <Muted>Custom triggers, custom actions and data-formatting apps are included.</Muted>
        )}
        <PremiumOffer open={isOfferOpen} onDismiss={() => setOfferOpen(false)} />
      </Card>
      <Card title="Members">
        {membersFailure && <p role="alert">Could not load the members: {membersFailure}</p>}
        {members === null && !membersFailure && <Spinner label="Loading members" />}
        {members && (
          <Table caption="Members" columns={MEMBER_COLUMNS} rows={members} rowKey={(member) => member.userId} />
        )}
      </Card>
    </>
  );
}
