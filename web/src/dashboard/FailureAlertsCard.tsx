/**
 * The Settings page's "Failure alerts" card (docs/failure-alerts.md): the workspace's alert mails
 * on or off and the least time between two mails about one failing workflow. Admins and owners
 * change them (core's permission `workspace.settings`); others see them, disabled, with the reason.
 */
import { alertIntervalOptions, alertIntervalText } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { refusal, useCan } from '../access/useCan.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, Card, Select, Spinner } from '../ui/index.js';
import { AlertsStoreModel, type AlertSettings } from './alerts-store.js';
import { Muted, SwitchRow } from './parts.js';

/** The workspace's failure alerts on /settings. */
export const FailureAlertsCard = observer(function FailureAlertsCard() {
  const alerts = usePageStore(AlertsStoreModel);
  const settingsRefusal = refusal(useCan('workspace.settings'));
  const [error, setError] = useState('');
  const resource = alerts.settings;
  const settings = resource.data;

  const update = async (input: Partial<AlertSettings>) => {
    setError('');
    try {
      await alerts.updateSettings(input);
    } catch (failure) {
      setError(failureText(failure, 'The alert settings were not saved.'));
    }
  };

  return (
    <Card
      title="Failure alerts"
      description="When a run fails, the owners and admins get a mail at once, then at most one summary per interval while it keeps failing, and one when it works again. Each workflow's alerts can be turned off from its menu on Workflows."
      data-testid="failure-alerts-card"
    >
      {resource.problem ? (
        <>
          <p role="alert">The alert settings could not be loaded. {resource.problem.text}</p>
          <Button variant="secondary" onClick={() => resource.refetch()}>
            Try again
          </Button>
        </>
      ) : !settings ? (
        <Spinner label="Loading" />
      ) : (
        <>
          <SwitchRow>
            <input
              type="checkbox"
              role="switch"
              checked={settings.enabled}
              aria-checked={settings.enabled}
              disabled={settingsRefusal !== undefined}
              aria-description={settingsRefusal}
              onChange={(event) => void update({ enabled: event.target.checked })}
            />
            <span>Mail the owners and admins when a workflow fails</span>
          </SwitchRow>
          <Select
            label="Least time between two mails about one failing workflow"
            value={String(settings.intervalMinutes)}
            options={alertIntervalOptions(settings.intervalMinutes).map((o) => ({
              value: String(o.value),
              label: o.label,
            }))}
            disabled={settingsRefusal !== undefined || !settings.enabled}
            hint={
              settingsRefusal ??
              (settings.enabled
                ? `While a workflow keeps failing, its failures are counted and mailed at most every ${alertIntervalText(settings.intervalMinutes)}.`
                : 'Alert mails are off for the whole workspace. Alert workflows ("When another workflow fails") still run.')
            }
            onChange={(event) => void update({ intervalMinutes: Number(event.target.value) })}
          />
          {error && <p role="alert">{error}</p>}
          {!error && settingsRefusal === undefined && <Muted aria-live="polite">Changes are saved at once.</Muted>}
        </>
      )}
    </Card>
  );
});
