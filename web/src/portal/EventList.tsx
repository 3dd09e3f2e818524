/**
 * The list of an app's actions or triggers in the developer portal (forms-dp 2.7, 2.9): search,
 * '+Add Action' / '+Add Trigger', the sortable table and paging. The page supplies the rows
 * (searched and sorted by core's row rules) and the columns.
 */
import { NEW_ITEM_KEY, pageOf, toggleSort } from '@junction/core';
import { useNavigate } from 'react-router-dom';
import { Button } from '../ui/Button.js';
import { type Column, Heading, Row, SearchBox, SortableTable, TablePager, type useTableState } from './parts.js';

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
