/**
 * One workflow's failure alerts, opened from its row menu on /workflows (docs/failure-alerts.md):
 * its switch (editors and up: core's `workflow.edit`) and "Send a test alert", which says where
 * the mail went from the server's answer (core's `testAlertSentText`: over SMTP, or only into
 * the server's log when no SMTP is set up).
 */
import { testAlertSentText } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { refusal, useCan } from '../access/useCan.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, Dialog, Spinner } from '../ui/index.js';
import { AlertsStoreModel } from './alerts-store.js';
import { Muted, SwitchRow } from './parts.js';

/** Props of {@link WorkflowAlertsDialog}. */
export interface WorkflowAlertsDialogProps {
  /** The workflow shown, or null while the dialog is closed. */
  workflow: { id: string; name: string } | null;
  onClose: () => void;
}

/** The dialog with a workflow's alert switch and its test alert. */
export function WorkflowAlertsDialog({ workflow, onClose }: WorkflowAlertsDialogProps) {
  return (
    <Dialog
      open={workflow !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`Failure alerts of ${workflow?.name ?? 'the workflow'}`}
      description="The owners and admins get a mail when a run of this workflow fails."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {workflow && <WorkflowAlertsBody key={workflow.id} workflowId={workflow.id} />}
    </Dialog>
  );
}

const WorkflowAlertsBody = observer(function WorkflowAlertsBody({ workflowId }: { workflowId: string }) {
  const alerts = usePageStore(AlertsStoreModel);
  const editRefusal = refusal(useCan('workflow.edit'));
  const resource = alerts.workflow(workflowId);
  const workspace = alerts.settings.data;
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const [isSending, setSending] = useState(false);

  const toggle = async (enabled: boolean) => {
    setError('');
    try {
      await alerts.setWorkflowAlerts(workflowId, enabled);
    } catch (failure) {
      setError(failureText(failure, "The workflow's alerts were not changed."));
    }
  };
  const sendTest = async () => {
    setError('');
    setSent('');
    setSending(true);
    try {
      setSent(testAlertSentText(await alerts.sendTestAlert(workflowId)));
    } catch (failure) {
      setError(failureText(failure, 'The test alert was not sent.'));
    } finally {
      setSending(false);
    }
  };

  if (resource.problem) return <p role="alert">The alert switch could not be loaded. {resource.problem.text}</p>;
  if (!resource.data) return <Spinner label="Loading" />;
  return (
    <div data-testid="workflow-alerts">
      <SwitchRow>
        <input
          type="checkbox"
          role="switch"
          checked={resource.data.enabled}
          aria-checked={resource.data.enabled}
          disabled={editRefusal !== undefined}
          aria-description={editRefusal}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span>Mail when this workflow fails</span>
      </SwitchRow>
      {editRefusal && <Muted>{editRefusal}</Muted>}
      {workspace && !workspace.enabled && (
        <Muted>Alert mails are off for the whole workspace (Settings), so none is sent for now.</Muted>
      )}
      <Button
        variant="secondary"
        loading={isSending}
        disabled={editRefusal !== undefined}
        title={editRefusal}
        aria-description={editRefusal}
        onClick={() => void sendTest()}
      >
        Send a test alert
      </Button>
      <div aria-live="polite">{sent && <p data-testid="test-alert-result">{sent}</p>}</div>
      {error && <p role="alert">{error}</p>}
    </div>
  );
});
