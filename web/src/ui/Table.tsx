/**
 * The product's data table: column headers (sticky while the body scrolls), one row action
 * menu per row instead of a row of buttons, an empty state, and paging over core's `pageOf`
 * (forms-dp 9: page sizes 10, 25, 100, 250).
 */
import { pageOf } from '@junction/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { IconButton } from './IconButton.js';
import { type RowAction, RowMenu } from './RowMenu.js';
import { VisuallyHidden } from './VisuallyHidden.js';

/** One column of a {@link Table}. */
export interface TableColumn<T> {
  /** Stable key of the column. */
  key: string;
  /** The column header's text. */
  header: string;
  /** The cell of a row. */
  cell: (row: T) => ReactNode;
  /** 'end' for numbers and dates. */
  align?: 'start' | 'end';
  /** CSS width, e.g. '30%'. */
  width?: string;
}

/** Props of {@link Table}. */
export interface TableProps<T> {
  /** The table's accessible name (its caption, visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The row's name in its menu's label ("Actions for <name>"). */
  rowLabel?: (row: T) => string;
  /** The actions of a row's menu; no menu column without it. */
  rowActions?: (row: T) => readonly RowAction[];
  /** Data attributes of a row's `<tr>` (`data-testid`, `data-…`): tests and screens find rows by them. */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** What the table shows without rows (an EmptyState). */
  empty?: ReactNode;
  /** Rows per page (10, 25, 100 or 250); every row on one page without it. */
  pageSize?: number;
  /** The shown page, 0-based, when the screen keeps it; the table keeps it otherwise. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** A CSS max-height: the body scrolls under the sticky header. */
  maxHeight?: string;
}

const Scroll = styled.div<{ $maxHeight?: string }>`
  overflow: auto;
  max-height: ${({ $maxHeight }) => $maxHeight ?? 'none'};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
`;

const Grid = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  color: ${({ theme }) => theme.colors.text};
`;

const Caption = styled.caption`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  text-align: left;
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const Th = styled.th<{ $align: 'start' | 'end'; $width?: string }>`
  position: sticky;
  top: 0;
  z-index: 1;
  width: ${({ $width }) => $width ?? 'auto'};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  text-align: ${({ $align }) => ($align === 'end' ? 'right' : 'left')};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  color: ${({ theme }) => theme.colors.muted};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  white-space: nowrap;
`;

const Td = styled.td<{ $align: 'start' | 'end' }>`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  text-align: ${({ $align }) => ($align === 'end' ? 'right' : 'left')};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  vertical-align: middle;
`;

const Row = styled.tr`
  &:last-child > td { border-bottom: none; }
  &:hover > td { background: ${({ theme }) => theme.colors.surfaceSunken}; }
`;

const MenuCell = styled(Td)`
  width: 1%;
  padding-top: ${({ theme }) => theme.space(1)};
  padding-bottom: ${({ theme }) => theme.space(1)};
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(2)} 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/**
 * Renders rows under labelled column headers, with a row action menu, an empty state and
 * paging.
 *
 * @example
 * <Table caption="Workflows" rows={workflows} rowKey={(w) => w.id} rowLabel={(w) => w.name}
 *   columns={[{ key: 'name', header: 'Name', cell: (w) => w.name }]}
 *   rowActions={(w) => [{ label: 'Open', onSelect: () => open(w) }]} pageSize={10} />
 */
export function Table<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  rowLabel,
  rowActions,
  rowAttributes,
  empty,
  pageSize,
  page,
  onPageChange,
  maxHeight,
}: TableProps<T>) {
  const [ownPage, setOwnPage] = useState(0);
  const shownPage = page ?? ownPage;
  const paged = pageSize
    ? pageOf(rows, shownPage, pageSize)
    : { rows: [...rows], page: 0, pageCount: 1, total: rows.length };
  const goTo = (next: number) => (onPageChange ? onPageChange(next) : setOwnPage(next));
  const span = columns.length + (rowActions ? 1 : 0);

  return (
    <div>
      <Scroll $maxHeight={maxHeight}>
        <Grid>
          {showCaption ? <Caption>{caption}</Caption> : <VisuallyHidden as="caption">{caption}</VisuallyHidden>}
          <thead>
            <tr>
              {columns.map((column) => (
                <Th key={column.key} scope="col" $align={column.align ?? 'start'} $width={column.width}>
                  {column.header}
                </Th>
              ))}
              {rowActions && (
                <Th scope="col" $align="end" $width="1%">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Th>
              )}
            </tr>
          </thead>
          <tbody>
            {paged.rows.length === 0 ? (
              <tr>
                <td colSpan={span}>{empty ?? null}</td>
              </tr>
            ) : (
              paged.rows.map((row) => (
                <Row key={rowKey(row)} {...rowAttributes?.(row)}>
                  {columns.map((column) => (
                    <Td key={column.key} $align={column.align ?? 'start'}>
                      {column.cell(row)}
                    </Td>
                  ))}
                  {rowActions && (
                    <MenuCell $align="end">
                      <RowMenu
                        label={`Actions for ${rowLabel ? rowLabel(row) : rowKey(row)}`}
                        actions={rowActions(row)}
                      />
                    </MenuCell>
                  )}
                </Row>
              ))
            )}
          </tbody>
        </Grid>
      </Scroll>
      {paged.pageCount > 1 && (
        <Pager aria-label={`${caption} pages`}>
          <span aria-live="polite">
            Page {paged.page + 1} of {paged.pageCount}
          </span>
          <IconButton
            label="Previous page"
            size="small"
            disabled={paged.page === 0}
            onClick={() => goTo(paged.page - 1)}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            label="Next page"
            size="small"
            disabled={paged.page >= paged.pageCount - 1}
            onClick={() => goTo(paged.page + 1)}
          >
            <ChevronRight />
          </IconButton>
        </Pager>
      )}
    </div>
  );
}
