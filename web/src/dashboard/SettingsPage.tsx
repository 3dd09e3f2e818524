import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { refusal, useCan } from '../access/useCan.js';
import { InstanceOwnerCard } from '../instance/InstanceOwnerCard.js';
import { InvitationsCard } from '../instance/InvitationsCard.js';
import { PremiumOffer } from '../shared/PremiumOffer.js';
import { isOfferedPremium } from '../shared/premium.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, Card, PageHeader, TextField, useToast } from '../ui/index.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { DashboardStoreModel } from './dashboard-store.js';
import { failureText } from './dashboard-workflows.js';
import { FailureAlertsCard } from './FailureAlertsCard.js';
import { MembersCard } from './MembersCard.js';
import { Actions, Muted } from './parts.js';

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

const SettingsView = observer(function SettingsView() {
  const dashboard = usePageStore(DashboardStoreModel);
  const { tenant, refresh, me } = useDashboard();
  const { showToast } = useToast();
  const [name, setName] = useState(tenant.name);
  const [isOfferOpen, setOfferOpen] = useState(false);
  const [nameError, setNameError] = useState('');
  // Who may rename is core's permission table (admins and the owner).
  const renameRefusal = refusal(useCan('workspace.settings'));
  const billingRefusal = refusal(useCan('workspace.billing'));

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
      <PageHeader title="Settings" description="Your workspace's name, plan, failure alerts and members." />
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
            disabled={renameRefusal !== undefined}
            error={nameError || undefined}
            hint={renameRefusal}
          />
          <Actions>
            <Button type="submit" disabled={renameRefusal !== undefined || name.trim() === '' || name === tenant.name}>
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
          <Button
            disabled={billingRefusal !== undefined}
            title={billingRefusal}
            aria-description={billingRefusal}
            onClick={() => setOfferOpen(true)}
          >
            Upgrade to Premium
          </Button>
        ) : (
          <Muted>Custom triggers, custom actions and data-formatting apps are included.</Muted>
        )}
        <PremiumOffer open={isOfferOpen} onDismiss={() => setOfferOpen(false)} />
      </Card>
      <FailureAlertsCard />
      <MembersCard tenantId={tenant.id} userId={me.id} />
      <InvitationsCard />
      {me.isInstanceOwner && <InstanceOwnerCard />}
    </>
  );
});
