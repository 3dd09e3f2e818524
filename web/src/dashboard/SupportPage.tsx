import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatRunTime } from '../shared/run-status.js';
import { useLoaded } from '../shared/use-loaded.js';
import { usePageStore } from '../stores/root-store.js';
import { Badge, Card, EmptyState, PageHeader, Table, type TableColumn } from '../ui/index.js';
import { DashboardLayout } from './DashboardLayout.js';
import { DashboardStoreModel } from './dashboard-store.js';
import type { TicketRow } from './dashboard-tickets.js';
import { TicketForm } from './TicketForm.js';

/**
 * A ticket's words in a cell: at least a short line wide, so on a narrow screen the table
 * scrolls sideways rather than stacking a title one word per line.
 */
const Words = styled.span`
  display: inline-block;
  min-width: 14ch;
`;

/** The support page at /support: file a ticket, and read the tickets of the workspace (all of them for an operator). */
export function SupportPage() {
  return (
    <DashboardLayout>
      <SupportView />
    </DashboardLayout>
  );
}

function SupportView() {
  const dashboard = usePageStore(DashboardStoreModel);
  const [params] = useSearchParams();
  const { data: tickets, failure, reload } = useLoaded(useCallback(() => dashboard.listTickets(), [dashboard]));
  // An operator (SUPPORT_OPERATORS) reads every workspace's tickets: then say whose each is.
  const isOperatorView = new Set((tickets ?? []).map((t) => t.tenantId)).size > 1;

  const columns: TableColumn<TicketRow>[] = [
    { key: 'created', header: 'Created', cell: (t) => formatRunTime(t.createdAt) },
    { key: 'title', header: 'Title', cell: (t) => <Words>{t.title}</Words> },
    ...(isOperatorView ? [{ key: 'workspace', header: 'Workspace', cell: (t: TicketRow) => t.tenantId }] : []),
    { key: 'from', header: 'From', cell: (t) => <Words>{t.email}</Words> },
    { key: 'message', header: 'Message', cell: (t) => <Words>{t.content}</Words> },
    {
      key: 'mailed',
      header: 'Mailed',
      cell: (t) => <Badge tone={t.mailed ? 'success' : 'neutral'}>{t.mailed ? 'Yes' : 'No'}</Badge>,
    },
  ];
  return (
    <>
      <PageHeader title="Support" description="Ask for an app, a trigger or an action we do not have yet." />
      <Card title="Request a trigger or action">
        {/* An address with ?app=…&event=… fills in the app and the event (a link from elsewhere). */}
        <TicketForm
          canEditApp
          app={params.get('app') ?? ''}
          event={params.get('event') ?? ''}
          onCreated={() => void reload()}
        />
      </Card>
      <Card title="Tickets">
        {failure && <p role="alert">Could not load the tickets: {failure}</p>}
        {tickets !== null && (
          <Table
            caption="Tickets"
            columns={columns}
            rows={tickets}
            rowKey={(t) => t.id}
            rowAttributes={() => ({ 'data-testid': 'ticket-row' })}
            pageSize={25}
            empty={<EmptyState title="No tickets yet">Tickets you file above are listed here.</EmptyState>}
          />
        )}
      </Card>
    </>
  );
}
