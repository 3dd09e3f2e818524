/**
 * The dashboard's workspace switcher: every workspace the account belongs to (its own and those
 * it joined through invitations); choosing one makes it the session's current workspace.
 */
import { useState } from 'react';
import { failureText } from '../stores/api-failure.js';
import type { Me } from '../stores/dashboard-session.js';
import { usePageStore } from '../stores/root-store.js';
import { Select, useToast } from '../ui/index.js';
import { InstanceStoreModel } from './instance-store.js';

/** A select of the account's workspaces; `onSwitched` reloads the page's user. */
export function WorkspaceSwitcher({ me, onSwitched }: { me: Me; onSwitched: () => Promise<void> }) {
  const store = usePageStore(InstanceStoreModel);
  const { showToast } = useToast();
  const [isBusy, setBusy] = useState(false);
  return (
    <Select
      label="Workspace"
      value={me.currentTenantId}
      disabled={isBusy}
      options={me.tenants.map((m) => ({ value: m.tenant.id, label: m.tenant.name }))}
      onChange={async (event) => {
        setBusy(true);
        try {
          await store.switchTo(event.target.value);
          await onSwitched();
        } catch (error) {
          showToast({ status: 'error', message: failureText(error, 'The workspace could not be switched.') });
        }
        setBusy(false);
      }}
    />
  );
}
