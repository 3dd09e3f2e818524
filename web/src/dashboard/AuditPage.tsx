/**
 * The audit log at /audit (admins and the owner): who did what, when and from which address,
 * newest first, filtered by action, member and days; 'Load more' pages back; 'Download' saves
 * the filtered log as JSON lines (the download itself is recorded).
 */
import { AUDIT_ACTION_LABELS, auditActionLabel, auditDetailWords } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { RoleGate } from '../access/RoleGate.js';
import { formatRunTime } from '../shared/run-status.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import {
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
import { type AuditFilters, type AuditRow, AuditStoreModel } from './audit-store.js';
import { DashboardLayout, useDashboard } from './DashboardLayout.js';
import { DashboardStoreModel, type MemberItem } from './dashboard-store.js';
import { DateRange, Muted, TextLink, Toolbar } from './parts.js';

const NO_FILTERS: AuditFilters = { action: '', actorId: '', from: '', to: '' };

// Members are listed by email: as wide as the longest, the select pushed the dates off the line.
const MemberSelect = styled(Select)`
  width: 18rem;
`;

/** An event's detail words (roles, counts, names), never raw JSON; a workflow's name shows as its link. */
function detailWords(row: AuditRow): string[] {
  const detail = { ...(row.detail as Record<string, unknown>) };
  if (row.workflow) delete detail.name;
  return auditDetailWords(detail);
}

/** The member an event was about, by e-mail while they are a member; never their id. */
function memberWords(row: AuditRow, members: MemberItem[]): string | null {
  if (!row.action.startsWith('member.') || !row.target) return null;
  return members.find((member) => member.userId === row.target)?.email ?? 'A former member';
}

/** The workflow an event was about: its name, a link to it while it exists. */
function WorkflowName({ row }: { row: AuditRow }) {
  const { workflow, target } = row;
  if (!workflow) return null;
  if (workflow.exists && target) {
    return <TextLink to={`/?id=${encodeURIComponent(target)}`}>{workflow.name ?? 'Open the workflow'}</TextLink>;
  }
  return <>{workflow.name ? `${workflow.name} (deleted)` : 'A deleted workflow'}</>;
}

/** The Details cell: what was acted on by name, then a few words of context. */
function Details({ row, members }: { row: AuditRow; members: MemberItem[] }) {
  const words = [memberWords(row, members), ...detailWords(row)].filter(Boolean).join(' · ');
  if (!row.workflow) return <>{words}</>;
  return (
    <>
      <WorkflowName row={row} />
      {words && ` · ${words}`}
    </>
  );
}

const columns = (members: MemberItem[]): TableColumn<AuditRow>[] => [
  { key: 'at', header: 'When', cell: (row) => formatRunTime(row.at), width: '18%' },
  { key: 'who', header: 'Who', cell: (row) => row.actorEmail ?? 'Unknown account' },
  { key: 'action', header: 'What', cell: (row) => auditActionLabel(row.action) },
  { key: 'detail', header: 'Details', cell: (row) => <Details row={row} members={members} /> },
  { key: 'address', header: 'From', cell: (row) => row.address ?? '—' },
];

/** The audit log page. */
export function AuditPage() {
  return (
    <DashboardLayout>
      <RoleGate action="audit.read" title="The audit log is not available">
        <AuditView />
      </RoleGate>
    </DashboardLayout>
  );
}

const AuditView = observer(function AuditView() {
  const store = usePageStore(AuditStoreModel);
  const dashboard = usePageStore(DashboardStoreModel);
  const { tenant } = useDashboard();
  const { showToast } = useToast();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [members, setMembers] = useState<MemberItem[]>([]);
  const [isLoadingMore, setLoadingMore] = useState(false);
  // The filtered log, a paged resource: read while this page shows, older pages by Load more.
  const log = store.log(tenant.id, filters);
  const rows = log.resource.data?.items;
  const next = log.resource.data?.next;
  const { status, error } = log.resource.state;

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      await log.loadMore();
    } catch (failure) {
      showToast({ status: 'error', message: failureText(failure, 'Older events could not be loaded.') });
    } finally {
      setLoadingMore(false);
    }
  };
  useEffect(() => {
    dashboard
      .listMembers(tenant.id)
      .then(setMembers)
      .catch(() => setMembers([]));
  }, [dashboard, tenant.id]);

  const download = async () => {
    try {
      const text = await store.download(tenant.id, filters);
      const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `audit-${new Date().toISOString().slice(0, 10)}.jsonl`;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      showToast({ status: 'success', message: 'The audit log was downloaded as JSON lines.' });
    } catch (error) {
      showToast({ status: 'error', message: failureText(error) });
    }
  };

  const set = (key: keyof AuditFilters) => (value: string) => setFilters((old) => ({ ...old, [key]: value }));
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what in this workspace, when and from which address. Kept for a year unless your administrator set otherwise."
      />
      <Card title="Events">
        <Toolbar>
          <Select
            label="Action"
            value={filters.action}
            placeholder="Any action"
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(event) => set('action')(event.target.value)}
          />
          <MemberSelect
            label="Member"
            value={filters.actorId}
            placeholder="Anyone"
            options={members.map((m) => ({ value: m.userId, label: m.name ? `${m.name} (${m.email})` : m.email }))}
            onChange={(event) => set('actorId')(event.target.value)}
          />
          <DateRange>
            <TextField label="From" type="date" value={filters.from} onChange={(e) => set('from')(e.target.value)} />
            <TextField label="To" type="date" value={filters.to} onChange={(e) => set('to')(e.target.value)} />
          </DateRange>
          <Button variant="secondary" onClick={() => void download()}>
            Download JSON lines
          </Button>
        </Toolbar>
        {status === 'error' && <p role="alert">{failureText(error, 'The audit log could not be loaded.')}</p>}
        {log.resource.isLoading && <Spinner label="Loading the audit log" />}
        {rows && rows.length === 0 && <Muted>No events match these filters.</Muted>}
        {rows && rows.length > 0 && (
          <Table caption="Audit log" columns={columns(members)} rows={rows} rowKey={(row) => row.id} />
        )}
        {next && (
          <Button variant="ghost" loading={isLoadingMore} onClick={() => void loadMore()}>
            Load more
          </Button>
        )}
      </Card>
    </>
  );
});
