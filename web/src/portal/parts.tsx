/**
 * Building blocks shared by the portal pages: labelled selects, text areas and switches,
 * cards, the sortable table with its row menu and pagination, key/value rows and the error
 * banner. Styled with the theme; accessible names on every control.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortState } from '@junction/core';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useId, useState } from 'react';
import styled, { css } from 'styled-components';
import {
  Button,
  Select,
  type SelectProps,
  Spinner,
  TabsList,
  TextArea,
  type TextAreaProps,
  TextField,
  VisuallyHidden,
} from '../ui/index.js';
import { selectLook } from '../ui/Select.js';

/** Cards are the design system's (a title prop names the region). */
export { Card } from '../ui/index.js';

/** A form's Save button: while the portal saves, disabled with a spinner before its word. */
export function SaveButton({
  onClick,
  isSaving,
  disabled = false,
  title,
}: {
  onClick: () => void;
  isSaving: boolean;
  disabled?: boolean;
  /** Why it is disabled, when it is for another reason than saving. */
  title?: string;
}) {
  return (
    <Button onClick={onClick} disabled={isSaving || disabled} title={title}>
      {isSaving ? <Spinner label="Saving" size={16} /> : null}
      Save
    </Button>
  );
}

/** A row of tabs underlined when chosen (the test panel, a trigger's pages); its margin and colours are the page's. */
export const TabStrip = styled(TabsList)`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  button { border: 0; background: none; padding: 8px 14px; font: inherit; font-weight: 600; cursor: pointer; border-bottom: 3px solid transparent; }
`;

/**
 * Password boxes for the account values a test signs in with, one per field ('{lead}: {title}');
 * the values stay in the page, never saved.
 */
export function SecretValueFields({
  lead,
  fields,
  values,
  onChange,
}: {
  lead: string;
  fields: readonly { key: string; title?: string }[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  return fields.map((f) => (
    <TextField
      key={f.key}
      label={`${lead}: ${f.title || f.key}`}
      type="password"
      autoComplete="off"
      value={values[f.key] ?? ''}
      onChange={(e) => onChange({ ...values, [f.key]: e.target.value })}
    />
  ));
}

/** A portal text box or select: the theme's border, surface and type; height and padding are the context's. */
export const controlLook = css`
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

/** A column of controls with the fields' spacing (the app picker, the status select). */
export const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  label { font-weight: ${({ theme }) => theme.font.weight.semibold}; }
  > input {
    min-height: ${({ theme }) => theme.control.medium};
    padding: 0 ${({ theme }) => theme.space(3)};
    ${controlLook}
  }
  > input::placeholder { color: ${({ theme }) => theme.colors.muted}; }
  > input:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

export const Hint = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

export const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Key = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.xsmall};
  padding: 0 ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surfaceSunken};
`;

/**
 * A field's hint naming the technical key its value is stored under (forms-dp 9: labels in
 * words, the key as a hint), then an optional sentence.
 */
export function KeyHint({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <>
      Key: <Key>{name}</Key>
      {children ? (
        <>
          . <span>{children}</span>
        </>
      ) : null}
    </>
  );
}

/** A labelled select: the design system's Select with the portal's options. */
export function SelectField({
  options,
  ...rest
}: Omit<SelectProps, 'options'> & { options: readonly { value: string; label: string }[] }) {
  return <Select options={options} {...rest} />;
}

/** A labelled multi-line text field (four rows). */
export function TextAreaField(props: Omit<TextAreaProps, 'rows'>) {
  return <TextArea rows={4} {...props} />;
}

const SwitchLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  cursor: pointer;
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.accent}; }
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

export const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: wrap;
`;

export const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.xlarge};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Banner = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.dangerSubtle};
  color: ${({ theme }) => theme.colors.dangerText};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

/** A message in red, announced to screen readers. */
export function ErrorBanner({ children }: { children: ReactNode }) {
  return <Banner role="alert">{children}</Banner>;
}

/** The sortable table's frame, drawn like the design system's Table (sunken header, row lines). */
const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  th, td { text-align: left; padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  tbody tr:last-child td { border-bottom: 0; }
  tbody tr:hover td { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  th {
    padding-block: ${({ theme }) => theme.space(2)};
    background: ${({ theme }) => theme.colors.surfaceSunken};
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.small};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }
  th button { all: unset; cursor: pointer; font-weight: inherit; border-radius: ${({ theme }) => theme.radius.small}; }
  th button:hover { color: ${({ theme }) => theme.colors.text}; }
  th button:focus-visible { box-shadow: ${({ theme }) => theme.focusRing}; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; }
  a { color: ${({ theme }) => theme.colors.accentText}; font-weight: ${({ theme }) => theme.font.weight.semibold}; text-decoration: none; }
  a:hover { text-decoration: underline; }
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
      <VisuallyHidden as="caption">{caption}</VisuallyHidden>
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
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  select {
    min-height: ${({ theme }) => theme.control.small};
    padding: 0 ${({ theme }) => theme.space(2)};
    ${controlLook}
    ${selectLook}
  }
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

/** The {@link Pagination} of a table kept by {@link useTableState}: a new page size starts at the first page. */
export function TablePager({
  table,
  page,
}: {
  table: ReturnType<typeof useTableState>;
  page: { page: number; pageCount: number; total: number };
}) {
  return (
    <Pagination
      page={page.page}
      pageCount={page.pageCount}
      total={page.total}
      size={table.size}
      onPage={table.setPage}
      onSize={(n) => {
        table.setSize(n);
        table.setPage(0);
      }}
    />
  );
}

const MenuContent = styled(DropdownMenu.Content)`
  min-width: 160px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  padding: ${({ theme }) => theme.space(1)};
  z-index: 20;
`;

const MenuItem = styled(DropdownMenu.Item)<{ $danger?: boolean }>`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.small};
  cursor: pointer;
  outline: none;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.dangerText : theme.colors.text)};
  &[data-highlighted] { background: ${({ theme, $danger }) => ($danger ? theme.colors.dangerSubtle : theme.colors.accentSubtle)}; }
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
  min-height: ${({ theme }) => theme.control.medium};
  min-width: 260px;
  padding: 0 ${({ theme }) => theme.space(3)};
  ${controlLook}
  &::placeholder { color: ${({ theme }) => theme.colors.muted}; }
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
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
