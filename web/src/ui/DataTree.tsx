/**
 * Data a step received or produced, as people read it (Zapier's and n8n's data views): each key
 * beside its value, nested objects and lists as sections that open and close (native
 * <details>, keyboard and screen-reader ready), list items numbered from 1, text without
 * quotes, an empty text as '(empty)'. The first levels are open; deeper ones open on a click.
 * Never one block of JSON text. The editor's test viewer (editor-core 2.11) and the replay's
 * step dialog (onboarding 2) show data with it.
 *
 * Imported by file, not through the ui barrel: the first load of the editor does not need it.
 */
import { countText } from '@junction/core';
import { useState } from 'react';
import styled from 'styled-components';

/** Levels open at first; deeper sections open on a click. */
const OPEN_LEVELS = 2;

const Tree = styled.div`
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: 1.5;
  word-break: break-word;
  details > summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.font.weight.semibold};
    border-radius: ${({ theme }) => theme.radius.small};
  }
  details > summary:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  details > div { margin-left: ${({ theme }) => theme.space(4)}; }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(6rem, max-content) 1fr;
  gap: ${({ theme }) => theme.space(3)};
`;

const Key = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-style: italic;
`;

const Count = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-weight: normal;
`;

/** How a plain value reads. */
function Scalar({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Muted>null</Muted>;
  if (value === '') return <Muted>(empty)</Muted>;
  return <span>{String(value)}</span>;
}

const isBranch = (value: unknown): value is Record<string, unknown> | unknown[] =>
  value !== null && typeof value === 'object';

/** The entries of an object, or a list's items labelled 1, 2, 3… */
function entriesOf(value: Record<string, unknown> | unknown[]): [string, unknown][] {
  return Array.isArray(value) ? value.map((item, i) => [String(i + 1), item]) : Object.entries(value);
}

function summaryOf(value: Record<string, unknown> | unknown[]): string {
  const n = Array.isArray(value) ? value.length : Object.keys(value).length;
  return countText(n, Array.isArray(value) ? 'item' : 'field');
}

/**
 * A nested object or list that opens and closes; its entries are drawn only while it is open,
 * so a large closed section (a long list deep in a step's output) costs one line.
 */
function Branch({ name, value, level }: { name: string; value: Record<string, unknown> | unknown[]; level: number }) {
  const [open, setOpen] = useState(level < OPEN_LEVELS);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {name} <Count>· {summaryOf(value)}</Count>
      </summary>
      {open && (
        <div>
          <Entries value={value} level={level + 1} />
        </div>
      )}
    </details>
  );
}

function Entries({ value, level }: { value: Record<string, unknown> | unknown[]; level: number }) {
  const entries = entriesOf(value);
  if (entries.length === 0) return <Muted>{Array.isArray(value) ? '(no items)' : '(no fields)'}</Muted>;
  return (
    <>
      {entries.map(([key, child]) =>
        isBranch(child) ? (
          <Branch key={key} name={key} value={child} level={level} />
        ) : (
          <Row key={key}>
            <Key>{key}</Key>
            <Scalar value={child} />
          </Row>
        ),
      )}
    </>
  );
}

/** Props of {@link DataTree}. */
export interface DataTreeProps {
  data: unknown;
  /** Names the tree for assistive technology ('Output data'). */
  label: string;
}

/** One value as keys and values, nested sections folding. */
export function DataTree({ data, label }: DataTreeProps) {
  return (
    <Tree role="group" aria-label={label}>
      {isBranch(data) ? <Entries value={data} level={0} /> : <Scalar value={data} />}
    </Tree>
  );
}
