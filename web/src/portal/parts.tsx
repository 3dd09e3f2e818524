/**
 * Building blocks shared by the portal pages: labelled selects, text areas and switches,
 * cards, the sortable table with its row menu and pagination, key/value rows and the error
 * banner. Styled with the theme; accessible names on every control.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortState } from '@junction/core';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/index.js';

export const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  label { font-weight: 600; }
`;

const controlCss = `
  min-height: 36px;
  padding: 0 12px;
  border-radius: 4px;
  font: inherit;
  color: inherit;
  background: #fff;
`;

const Select = styled.select<{ $isInvalid?: boolean }>`
  ${controlCss}
  border: 1px solid ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.secondary : theme.colors.border)};
`;

const TextArea = styled.textarea`
  ${controlCss}
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  resize: vertical;
`;

export const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

export const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.secondary};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** A labelled select. */
export function SelectField({
  label,
  hint,
  error,
  options,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <Select id={id} $isInvalid={Boolean(error)} aria-invalid={error ? true : undefined} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {hint && <Hint>{hint}</Hint>}
      {error && <FieldError role="alert">{error}</FieldError>}
    </FieldBox>
  );
}

/** A labelled multi-line text field. */
export function TextAreaField({
  label,
  hint,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <TextArea id={id} rows={4} {...rest} />
      {hint && <Hint>{hint}</Hint>}
    </FieldBox>
  );
}

const SwitchLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  font-weight: 600;
  cursor: pointer;
  input { width: 18px; height: 18px; }
`;

/** A labelled on/off switch (a checkbox with role switch). */
export function SwitchField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <SwitchLabel>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </SwitchLabel>
  );
}

/** A white card with an optional heading. */
export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  padding: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.font.size.large}; }
  h3 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: 15px; }
`;

export const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: wrap;
`;

export const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 24px;
`;

const Banner = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: #fdecea;
  color: ${({ theme }) => theme.colors.secondary};
  font-weight: 600;
`;

/** A message in red, announced to screen readers. */
export function ErrorBanner({ children }: { children: ReactNode }) {
  return <Banner role="alert">{children}</Banner>;
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  th button { all: unset; cursor: pointer; font-weight: 700; }
  th button:focus-visible { box-shadow: ${({ theme }) => theme.focusRing}; }
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** One column of a {@link SortableTable}. */
export interface Column<R> {
  id: string;
  label: string;
  /** Absent: not sortable. */
  sortKey?: string;
  render: (row: R) => ReactNode;
}

/** A table whose sortable headers are buttons that toggle asc/desc (forms-dp 2.7, 2.9). */
export function SortableTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  empty,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  sort?: SortState;
  onSort?: (column: string) => void;
  empty: string;
}) {
  return (
    <Table>
      <caption style={{ position: 'absolute', left: -9999 }}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => {
            const isSorted = sort && c.sortKey === sort.column;
            return (
              <th
                key={c.id}
                scope="col"
                aria-sort={isSorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {c.sortKey && onSort ? (
                  <button type="button" onClick={() => onSort(c.sortKey!)}>
                    {c.label}
                    {isSorted ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                  </button>
                ) : (
                  c.label
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.id}>{c.render(row)}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}

const PagerBox = styled(Row)`
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(2)};
  select { min-height: 30px; }
`;

/** Rows-per-page choice (10, 25, 100, 250) and previous/next page (forms-dp 9). */
export function Pagination({
  page,
  pageCount,
  total,
  size,
  onPage,
  onSize,
}: {
  page: number;
  pageCount: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const id = useId();
  const first = total === 0 ? 0 : page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  return (
    <PagerBox>
      <label htmlFor={id}>Rows per page</label>
      <select id={id} value={size} onChange={(e) => onSize(Number(e.target.value))}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <span>
        {first}–{last} of {total}
      </span>
      <Button variant="ghost" aria-label="Previous page" disabled={page === 0} onClick={() => onPage(page - 1)}>
        ‹
      </Button>
      <Button variant="ghost" aria-label="Next page" disabled={page >= pageCount - 1} onClick={() => onPage(page + 1)}>
        ›
      </Button>
    </PagerBox>
  );
}

/** Table state: search text, sort, page and page size (default 10). */
export function useTableState(defaultSort: SortState) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  return { query, setQuery, sort, setSort, page, setPage, size, setSize };
}

const MenuContent = styled(DropdownMenu.Content)`
  min-width: 160px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  padding: 4px;
  z-index: 20;
`;

const MenuItem = styled(DropdownMenu.Item)<{ $danger?: boolean }>`
  padding: 8px 12px;
  border-radius: 4px;
  cursor: pointer;
  outline: none;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.secondary : theme.colors.text)};
  &[data-highlighted] { background: rgba(0, 105, 234, 0.08); }
`;

/**
 * A row's menu with Edit and Delete; Delete asks 'Really Delete?' first and runs only on the
 * second click (forms-dp 2.7, 2.9).
 */
export function RowMenu({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  const [isConfirming, setConfirming] = useState(false);
  return (
    <DropdownMenu.Root onOpenChange={(open) => !open && setConfirming(false)}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" aria-label={`Actions for ${label}`}>
          ⋮
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="end">
          <MenuItem onSelect={onEdit}>Edit</MenuItem>
          <MenuItem
            $danger
            onSelect={(event) => {
              if (!isConfirming) {
                event.preventDefault();
                setConfirming(true);
                return;
              }
              onDelete();
            }}
          >
            {isConfirming ? 'Really Delete?' : 'Delete'}
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A borderless fieldset: a group of related controls with an accessible name. */
export const Group = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

/** Rows of key and value with Add, remove and reorder (URL params, headers, auth fields): the editor's rows. */
export { KeyValueRows } from '../ui/KeyValueRows.js';

const Search = styled.input`
  min-height: 36px;
  min-width: 260px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  font: inherit;
`;

/** A search box whose placeholder is its accessible name ('Search Triggers', 'Search Actions'). */
export function SearchBox({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Search
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
