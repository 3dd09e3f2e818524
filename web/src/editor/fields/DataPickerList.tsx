/**
 * The Insert Data list (editor-core 2.11): the earlier steps' sample values, nearest step
 * first, filtered by a search box and chosen with the keyboard (↑ ↓ Enter, Escape closes) or
 * the pointer. Each value reads "field: sample"; the step's name heads its group.
 */
import { readablePath } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { Fragment, type KeyboardEvent, useEffect, useState } from 'react';
import styled from 'styled-components';
import { onListKey } from '../../ui/list-keys.js';
import { useEditor } from '../editor-context.js';
import { insertSources, NO_DATA_TEXT } from '../panels/panel-fields.js';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  max-height: 360px;
  input {
    box-sizing: border-box;
    width: 100%;
    min-height: 32px;
    margin-bottom: 6px;
    padding: 0 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
    &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
  }
  [role='listbox'] { overflow-y: auto; margin: 0; padding: 0; list-style: none; }
  .group { padding: 6px 6px 2px; font-size: 12px; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
  [role='option'] {
    display: flex; gap: 8px; justify-content: space-between; padding: 5px 8px; border-radius: 4px;
    font-size: 13px; cursor: pointer;
  }
  [role='option'] .value { color: ${({ theme }) => theme.colors.textMuted}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 55%; }
  [role='option'][aria-selected='true'] { background: #e8f0fd; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  p { margin: 6px; font-size: 13px; }
`;

interface Choice {
  key: string;
  stepName: string;
  field: string;
  preview: string;
  reference: string;
}

/** The searchable, keyboard-driven list of values from earlier steps. */
export const DataPickerList = observer(function DataPickerList({
  stepId,
  onInsert,
  onClose,
}: {
  stepId: string;
  onInsert: (reference: string) => void;
  onClose: () => void;
}) {
  const editor = useEditor();
  const sources = insertSources(editor.wf, stepId);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const all: Choice[] = sources.flatMap((source) =>
    source.entries.map((entry) => ({
      key: `${source.stepId}:${entry.path}`,
      stepName: source.name || 'Unnamed step',
      field: readablePath(entry.path),
      preview: entry.preview,
      reference: entry.reference,
    })),
  );
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? all.filter((c) => `${c.stepName} ${c.field} ${c.preview}`.toLowerCase().includes(needle))
    : all;
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  const listId = `data-picker-${stepId}`;
  useEffect(() => {
    // Keyboard moves keep the active value in sight (jsdom has no scrollIntoView).
    document.getElementById(`${listId}-${current}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [listId, current]);

  const onKeyDown = (event: KeyboardEvent) =>
    onListKey(event, shown, current, setActive, (choice) => onInsert(choice.reference), onClose);

  const noData = sources.length === 0 || sources.every((s) => !s.hasData);
  let lastGroup = '';
  return (
    <Box>
      <input
        // biome-ignore lint/a11y/noAutofocus: the picker opens to be typed into.
        autoFocus
        aria-label="Search data from earlier steps"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={shown[current] ? `${listId}-${current}` : undefined}
        placeholder="Search fields and values…"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {noData && <p role="alert">{NO_DATA_TEXT}</p>}
      {!noData && shown.length === 0 && <p>No field matches “{query}”.</p>}
      <div role="listbox" id={listId} aria-label="Data from earlier steps">
        {shown.map((choice, i) => {
          const group = choice.stepName !== lastGroup ? choice.stepName : null;
          lastGroup = choice.stepName;
          return (
            <Fragment key={choice.key}>
              {group && (
                <div className="group" aria-hidden="true">
                  {group}
                </div>
              )}
              <div
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                tabIndex={-1}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onInsert(choice.reference)}
                onKeyDown={onKeyDown}
              >
                <span>
                  <span className="sr-only">{choice.stepName}: </span>
                  {choice.field}
                </span>
                <span className="value">{choice.preview}</span>
              </div>
            </Fragment>
          );
        })}
      </div>
    </Box>
  );
});
