import { useCallback, useEffect, useState } from 'react';
import { formatRunTime } from '../executions/execution-replay.js';
import { useRootStore } from '../stores/root-store.js';
import { PageTitle } from '../ui/index.js';
import { DashboardLayout } from './DashboardLayout.js';
import type { TicketRow } from './dashboard-tickets.js';
import { failureText } from './dashboard-workflows.js';
import { Card, Muted, Table } from './parts.js';
import { TicketForm } from './TicketForm.js';

/** The support page at /support: file a ticket, and read the tickets of the workspace (all of them for an operator). */
export function SupportPage() {
  return (
    <DashboardLayout>
      <SupportView />
    </DashboardLayout>
  );
}

function SupportView() {
  const { dashboard } = useRootStore();
  const [tickets, setTickets] = useState<TicketRow[] | null>(null);
  const [failure, setFailure] = useState('');
  // An operator (SUPPORT_OPERATORS) reads every workspace's tickets: then say whose each is.
  const isOperatorView = new Set((tickets ?? []).map((t) => t.tenantId)).size > 1;
  const reload = useCallback(async () => {
    try {
      setTickets(await dashboard.listTickets());
    } catch (error) {
      setFailure(failureText(error));
    }
  }, [dashboard]);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <>
      <PageTitle>Support</PageTitle>
      <Card aria-labelledby="new-ticket">
        <h2 id="new-ticket">Request a trigger or action</h2>
        <TicketForm canEditApp onCreated={() => void reload()} />
      </Card>
      <Card aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">Tickets</h2>
        {failure && <p role="alert">Could not load the tickets: {failure}</p>}
        {tickets !== null && tickets.length === 0 && <Muted>No tickets yet.</Muted>}
        {tickets !== null && tickets.length > 0 && (
          <Table data-testid="tickets">
            <thead>
              <tr>
                <th>Created</th>
                <th>Title</th>
                {isOperatorView && <th>Workspace</th>}
                <th>From</th>
                <th>Message</th>
                <th>Mailed</th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((t) => (
                <tr key={t.id} data-testid="ticket-row">
                  <td>{formatRunTime(t.createdAt)}</td>
                  <td>{t.title}</td>
                  {isOperatorView && <td>{t.tenantId}</td>}
                  <td>{t.email}</td>
                  <td>{t.content}</td>
                  <td>{t.mailed ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
