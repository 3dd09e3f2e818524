/**
 * The list of an app's actions or triggers in the developer portal (forms-dp 2.7, 2.9): search,
 * '+Add Action' / '+Add Trigger', the sortable table and paging. The page supplies the rows
 * (searched and sorted by core's row rules) and the columns.
 */
import { NEW_ITEM_KEY, pageOf, toggleSort } from '@junction/core';
import { useNavigate } from 'react-router-dom';
import { Button } from '../ui/Button.js';
import { usePortalEditor } from './PortalLayout.js';
import { type Column, Heading, Row, RowMenu, SearchBox, SortableTable, TablePager, useTableState } from './parts.js';

/** Props of {@link EventList}. */
export interface EventListProps<R extends { key: string }> {
  /** What the list holds, singular and capitalised: 'Action' or 'Trigger'. */
  noun: 'Action' | 'Trigger';
  /** The list's address; an item's settings are at `{base}/{key}/settings`. */
  base: string;
  columns: Column<R>[];
  /** Every row matching the search, in the table's order. */
  rows: R[];
  table: ReturnType<typeof useTableState>;
}

/** Search, add button, sortable table and paging of a portal list. */
export function EventList<R extends { key: string }>({ noun, base, columns, rows, table }: EventListProps<R>) {
  const navigate = useNavigate();
  const page = pageOf(rows, table.page, table.size);
  const plural = `${noun}s`;
  const lower = noun.toLowerCase();
  return (
    <>
      <Heading>{plural}</Heading>
      <Row style={{ justifyContent: 'space-between', marginBottom: 12 }}>
        <SearchBox
          placeholder={`Search ${plural}`}
          value={table.query}
          onChange={(v) => {
            table.setQuery(v);
            table.setPage(0);
          }}
        />
        <Button onClick={() => navigate(`${base}/${NEW_ITEM_KEY}/settings`)}>+Add {noun}</Button>
      </Row>
      <SortableTable
        caption={plural}
        columns={columns}
        rows={page.rows}
        rowKey={(r) => r.key}
        sort={table.sort}
        onSort={(c) => table.setSort(toggleSort(table.sort, c))}
        empty={table.query ? `No ${lower} matches the search.` : `No ${lower}s yet. Add one with +Add ${noun}.`}
      />
      <TablePager table={table} page={page} />
    </>
  );
}

/**
 * What a list page works with: the portal's store, the open app, the save toast, the table's
 * state (sorted by name) and the list's address, `/develop/{appSlug}/{segment}`.
 */
export function useEventList(segment: 'actions' | 'triggers') {
  const { store, app, navigate, saveToast } = usePortalEditor();
  const table = useTableState({ column: 'name', direction: 'asc' });
  return { store, app, navigate, saveToast, table, base: `/develop/${app.appSlug}/${segment}` };
}

/** A row of either list: its key, name and visibility in the editor. */
interface EventRow {
  key: string;
  name: string;
  visibility: string;
}

/** The Key column of either list. */
export function keyColumn<R extends EventRow>(): Column<R> {
  return { id: 'key', label: 'Key', sortKey: 'key', render: (r) => <code>{r.key}</code> };
}

/** The last columns of either list: the visibility in the editor, and the row's Edit / Delete menu. */
export function visibilityAndMenuColumns<R extends EventRow>(
  base: string,
  navigate: (to: string) => void,
  remove: (key: string) => void,
): Column<R>[] {
  return [
    { id: 'visibility', label: 'Visibility in Editor', sortKey: 'visibility', render: (r) => r.visibility },
    {
      id: 'menu',
      label: 'Edit',
      render: (r) => (
        <RowMenu label={r.name} onEdit={() => navigate(`${base}/${r.key}/settings`)} onDelete={() => remove(r.key)} />
      ),
    },
  ];
}
