/**
 * /editApps (forms-dp 2.1 lists it as "not shown"; built as integration authors expect a
 * "My apps" list): the apps the caller's workspace registered, searchable and sortable, with
 * rows per page 10/25/100/250, each opening the developer portal or the auth-info form
 * (/addAuthForm?app={slug}). Built-in and other workspaces' published apps are not listed:
 * they cannot be edited here.
 */
import { DEFAULT_PAGE_SIZE, pageOf, type SortState, sortRows, toggleSort } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, PageHeader, Spinner } from '../../ui/index.js';
import { PageShell } from '../../ui/PageShell.js';
import { usePortal } from '../PortalLayout.js';
import { type Column, ErrorBanner, Pagination, Row, SearchBox, SortableTable } from '../parts.js';
import type { AppSummary } from '../portal-store.js';

/** The auth type's label, as the portal's navigation shows it (forms-dp 2.3). */
const AUTH_LABELS: Record<string, string> = {
  basic: 'Basic Auth',
  apikey: 'API Key',
  oauth2: 'OAuth 2.0',
  customCode: 'Custom',
};

/** One row of the list. */
export interface EditAppRow {
  appSlug: string;
  appName: string;
  auth: string;
  status: string;
  listing: string;
}

/** The caller's own apps as rows (built-ins and others' published apps left out). */
export function editAppRows(apps: readonly AppSummary[]): EditAppRow[] {
  return apps
    .filter((a) => a.editable)
    .map((a) => ({
      appSlug: a.appSlug,
      appName: a.appName,
      auth: a.apiType ? (AUTH_LABELS[a.apiType] ?? a.apiType) : 'None',
      status: a.completionStatus ?? 'In Progress',
      listing: a.listingStatus ?? 'Draft',
    }));
}

/** Rows whose name, slug, auth type, status or listing status contains the query (any case). */
export function searchEditAppRows(rows: readonly EditAppRow[], query: string): EditAppRow[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...rows];
  return rows.filter((r) =>
    [r.appName, r.appSlug, r.auth, r.status, r.listing].some((v) => v.toLowerCase().includes(q)),
  );
}

type SortColumn = keyof EditAppRow;

/** /editApps. */
export const EditAppsPage = observer(function EditAppsPage() {
  const store = usePortal();
  const navigate = useNavigate();
  const [hasSession, setSession] = useState<boolean | null>(null);
  const { apps, appsError: error } = store;
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState<SortColumn>>({ column: 'appName', direction: 'asc' });
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void store.startSession().then(setSession);
  }, [store]);
  useEffect(() => {
    // `attempt` changes when Try again is clicked: it reloads the list.
    if (!hasSession || attempt < 0) return;
    void store.loadApps();
  }, [store, hasSession, attempt]);

  const rows = sortRows(searchEditAppRows(editAppRows(apps ?? []), query), sort);
  const shown = pageOf(rows, page, size);
  const columns: Column<EditAppRow>[] = [
    {
      id: 'name',
      label: 'Name',
      sortKey: 'appName',
      render: (r) => (
        <>
          <Link to={`/develop/${r.appSlug}`}>{r.appName}</Link>
          <small>{r.appSlug}</small>
        </>
      ),
    },
    { id: 'auth', label: 'Authentication', sortKey: 'auth', render: (r) => r.auth },
    { id: 'status', label: 'Status', sortKey: 'status', render: (r) => r.status },
    { id: 'listing', label: 'Publish Status', sortKey: 'listing', render: (r) => r.listing },
    {
      id: 'edit',
      label: 'Edit',
      render: (r) => (
        <Row>
          <Link to={`/develop/${r.appSlug}`} aria-label={`Open ${r.appName} in the developer portal`}>
            Portal
          </Link>
          <Link
            to={`/addAuthForm?app=${encodeURIComponent(r.appSlug)}`}
            aria-label={`Edit the auth info of ${r.appName}`}
          >
            Auth info
          </Link>
        </Row>
      ),
    },
  ];
  return (
    <PageShell>
      <PageHeader
        title="Edit apps"
        breadcrumbs={[{ label: 'Developer portal', to: '/develop/' }]}
        description="The apps your workspace declared: open one in the developer portal or edit its auth info."
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate('/addAuthForm')}>
              Register app auth
            </Button>
            <Button onClick={() => navigate('/develop/new')}>Add App</Button>
          </>
        }
      />
      {hasSession === false && <ErrorBanner>Sign in to see the apps of your workspace.</ErrorBanner>}
      {error && (
        <>
          <ErrorBanner>{error}</ErrorBanner>
          <Button variant="ghost" onClick={() => setAttempt(attempt + 1)}>
            Try again
          </Button>
        </>
      )}
      {hasSession && apps === null && !error && <Spinner label="Loading Apps..." />}
      {apps !== null && (
        <>
          <Row style={{ marginBottom: 12 }}>
            <SearchBox
              placeholder="Search Apps"
              value={query}
              onChange={(value) => {
                setQuery(value);
                setPage(0);
              }}
            />
          </Row>
          <SortableTable
            caption="Your apps"
            columns={columns}
            rows={shown.rows}
            rowKey={(r) => r.appSlug}
            sort={sort}
            onSort={(column) => setSort(toggleSort(sort, column as SortColumn))}
            empty={
              query.trim() === ''
                ? 'Your workspace has no apps yet. Add one with Add App or Register app auth.'
                : 'No app matches the search.'
            }
          />
          <Pagination
            page={shown.page}
            pageCount={shown.pageCount}
            total={rows.length}
            size={size}
            onPage={setPage}
            onSize={(n) => {
              setSize(n);
              setPage(0);
            }}
          />
        </>
      )}
    </PageShell>
  );
});
