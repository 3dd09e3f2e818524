import { useEffect, useState } from 'react';
import { PremiumOffer } from '../editor/palette/PremiumOffer.js';
import { isOfferedPremium } from '../editor/palette/premium.js';
import { formatRunTime } from '../executions/execution-replay.js';
import { useRootStore } from '../stores/root-store.js';
import { Button, PageTitle, Spinner, TextField, useToast } from '../ui/index.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { failureText } from './dashboard-workflows.js';
import { Actions, Card, Muted, Table } from './parts.js';

interface Member {
  userId: string;
  email: string;
  name: string;
  role: 'owner' | 'member';
  joinedAt: string;
}

/** Plan names as the settings page shows them. */
const PLAN_LABELS: Record<string, string> = { free: 'Free', premium: 'Premium' };

/** The workspace settings at /settings: name, plan (with the premium offer) and members. */
export function SettingsPage() {
  return (
    <DashboardLayout>
      <SettingsView />
    </DashboardLayout>
  );
}

function SettingsView() {
  const { dashboard } = useRootStore();
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
      <PageTitle>Settings</PageTitle>
      <Card aria-labelledby="workspace-heading">
        <h2 id="workspace-heading">Workspace</h2>
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
      <Card aria-labelledby="plan-heading">
        <h2 id="plan-heading">Plan</h2>
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
      <Card aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        {membersFailure && <p role="alert">Could not load the members: {membersFailure}</p>}
        {members === null && !membersFailure && <Spinner label="Loading members" />}
        {members && (
          <Table>
            <thead>
              <tr>
                <th>Name</th>
                <th>E-mail</th>
                <th>Role</th>
                <th>Joined</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId}>
                  <td>{member.name || '—'}</td>
                  <td>{member.email}</td>
                  <td>{member.role === 'owner' ? 'Owner' : 'Member'}</td>
                  <td>{formatRunTime(member.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
