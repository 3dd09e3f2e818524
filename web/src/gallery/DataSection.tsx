// Page furniture and data: PageHeader, Card, Badge and Status, Tabs, Table, DataTree,
// EmptyState, Skeleton, Spinner.
import { Workflow } from 'lucide-react';
import { useState } from 'react';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  EmptyState,
  PageHeader,
  Skeleton,
  Spinner,
  Status,
  Tab,
  TabBar,
  Table,
  type TableColumn,
  Tabs,
  TabsContent,
} from '../ui/index.js';
import { DataTree } from '../ui/DataTree.js';
import { Columns, noop, Row, Section, Specimen } from './parts.js';

interface Flow {
  id: string;
  name: string;
  state: 'Active' | 'Draft' | 'Failing';
  runs: number;
  updated: string;
}

const TONE: Record<Flow['state'], BadgeTone> = { Active: 'success', Draft: 'neutral', Failing: 'danger' };
const NAMES = [
  'New orders to Slack',
  'Invoice sync',
  'Lead enrichment',
  'Weekly report',
  'Support triage',
  'Form to CRM',
];
const FLOWS: Flow[] = Array.from({ length: 14 }, (_, i) => ({
  id: `wf-${i + 1}`,
  name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${Math.floor(i / NAMES.length) + 1}` : ''}`,
  state: (['Active', 'Draft', 'Failing'] as const)[i % 3] ?? 'Draft',
  runs: (i * 37) % 250,
  updated: `2026-11-${String(26 - i).padStart(2, '0')}`,
}));

const COLUMNS: TableColumn<Flow>[] = [
  { key: 'name', header: 'Name', cell: (f) => f.name, width: '40%' },
  { key: 'state', header: 'Status', cell: (f) => <Status tone={TONE[f.state]}>{f.state}</Status> },
  { key: 'runs', header: 'Runs', cell: (f) => f.runs, align: 'end' },
  { key: 'updated', header: 'Last edited', cell: (f) => f.updated, align: 'end' },
];

const actions = () => [
  { label: 'Open', onSelect: noop },
  { label: 'Runs', onSelect: noop },
  { label: 'Duplicate', onSelect: noop },
  { label: 'Export', onSelect: noop },
  { label: 'Delete', onSelect: noop, danger: true },
];

/** Page furniture and data display. */
export function DataSection() {
  const [tab, setTab] = useState('overview');
  return (
    <>
      <Section title="PageHeader">
        <PageHeader
          title="Invoice sync"
          breadcrumbs={[
            { label: 'Workflows', to: '/workflows' },
            { label: 'Runs', to: '/runs' },
          ]}
          after={<Status tone="success">Active</Status>}
          description="Every new invoice in Stripe becomes a row in the finance sheet."
          actions={
            <>
              <Button variant="secondary">Export</Button>
              <Button>Open editor</Button>
            </>
          }
        />
      </Section>
      <Section title="Card, Badge and Status">
        <Columns $count={2}>
          <Card
            title="Account"
            description="Who you are in this workspace."
            actions={
              <Button variant="secondary" size="small">
                Edit
              </Button>
            }
          >
            Ada Lovelace · ada@example.com
          </Card>
          <Card>A card without a title holds any content.</Card>
        </Columns>
        <Row>
          {(['neutral', 'info', 'success', 'warning', 'danger'] as const).map((tone) => (
            <Specimen key={tone} state={tone}>
              <Row $gap={2}>
                <Badge tone={tone}>{tone === 'neutral' ? 'Draft' : tone}</Badge>
                <Status tone={tone}>{tone === 'danger' ? 'Failed' : 'Running'}</Status>
              </Row>
            </Specimen>
          ))}
        </Row>
      </Section>
      <Section title="Tabs">
        <Tabs value={tab} onValueChange={setTab}>
          <TabBar aria-label="Action editor">
            <Tab value="overview">Settings</Tab>
            <Tab value="input">Input Designer</Tab>
            <Tab value="api">API Configuration</Tab>
            <Tab value="test">Test</Tab>
          </TabBar>
          <TabsContent value={tab}>The selected tab's panel, labelled by its tab.</TabsContent>
        </Tabs>
      </Section>
      <Section title="Table">
        <Specimen state="rows, row action menu, paging, sticky header (scrolls at 260 px)">
          <Table
            caption="Workflows"
            columns={COLUMNS}
            rows={FLOWS}
            rowKey={(f) => f.id}
            rowLabel={(f) => f.name}
            rowActions={actions}
            pageSize={10}
            maxHeight="260px"
          />
        </Specimen>
        <Specimen state="empty">
          <Table
            caption="Connections"
            columns={COLUMNS}
            rows={[]}
            rowKey={(f) => f.id}
            empty={
              <EmptyState title="No workflows yet" icon={<Workflow />} action={<Button>Create workflow</Button>}>
                Workflows move data between your apps while you sleep.
              </EmptyState>
            }
          />
        </Specimen>
      </Section>
      <Section title="DataTree">
        <Row>
          <Specimen state="a step's data: keys beside values, sections fold below two levels">
            <DataTree
              label="Output data"
              data={{
                id: 'c-1024',
                email: 'ada@example.com',
                note: '',
                owner: null,
                tags: ['vip', 'newsletter'],
                address: { city: 'London', geo: { lat: 51.5, lng: -0.12 } },
              }}
            />
          </Specimen>
          <Specimen state="a plain value">
            <DataTree label="Output data" data="Done" />
          </Specimen>
        </Row>
      </Section>
      <Section title="EmptyState, Skeleton and Spinner">
        <Columns $count={3}>
          <Card>
            <EmptyState title="No runs yet" action={<Button variant="secondary">Run now</Button>}>
              Runs appear here after the trigger fires.
            </EmptyState>
          </Card>
          <Card aria-busy="true" aria-label="Loading workflow">
            <Row $gap={3}>
              <Skeleton round width="40px" height="40px" />
              <div style={{ flex: 1 }}>
                <Skeleton width="50%" height="16px" />
              </div>
            </Row>
            <Skeleton lines={4} />
          </Card>
          <Card>
            <Row $gap={3}>
              <Spinner label="Loading runs" />
              <Spinner label="Loading" size={16} />
            </Row>
          </Card>
        </Columns>
      </Section>
    </>
  );
}
