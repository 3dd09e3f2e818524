/**
 * A dynamic dropdown (editor-core 2.7, 2.11, 5.4): the app's list and 'Custom' tabs; the list
 * is one combobox — a button showing the chosen option that opens a popover with the search
 * box, the options (↑ ↓ Enter, Escape closes) and 'Load More' inside. Options load when the
 * popover opens, or at once when a value is already chosen, so the button shows its label
 * rather than a raw id.
 */

import type { FieldDef } from '@junction/core';
import * as Popover from '@radix-ui/react-popover';
import { ChevronDown } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Tabs, TabsContent } from '../../ui/index.js';
import { onListKey } from '../../ui/list-keys.js';
import { StaticPills } from '../../ui/StaticPills.js';
import { useEditor } from '../editor-context.js';
import { PillField } from '../fields/PillField.js';
import { InsertDataPicker } from './InsertDataPicker.js';
import { DropdownModel, fieldTitle, type IDropdownModel, samplesFor } from './panel-fields.js';
import { ErrorBox, Input, Row, Tab, TabList } from './parts.js';

const Trigger = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  box-sizing: border-box;
  width: 100%;
  min-height: 36px;
  padding: 4px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
  .placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
  svg { flex: none; color: ${({ theme }) => theme.colors.textMuted}; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

const Content = styled(Popover.Content)`
  z-index: 30;
  box-sizing: border-box;
  width: var(--radix-popover-trigger-width);
  min-width: 260px;
  max-height: min(380px, var(--radix-popover-content-available-height));
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  input { margin-bottom: 6px; }
  [role='listbox'] { overflow-y: auto; margin: 0; padding: 0; }
  [role='option'] { padding: 6px 8px; border-radius: 4px; font-size: 13px; cursor: pointer; overflow-wrap: anywhere; }
  [role='option'][aria-selected='true'] { background: ${({ theme }) => theme.colors.accentSubtle}; }
  [role='option'][data-chosen='true'] { font-weight: 600; }
  p { margin: 6px; font-size: 13px; }
  .more { margin-top: 6px; }
  ${ErrorBox} { margin: 0 0 6px; }
  ${ErrorBox} p { margin: 0 0 4px; }
`;

/** The list's load failure as a field error (core's sentence after the lead) with its retry. */
const LoadFailure = observer(function LoadFailure({ model, id }: { model: IDropdownModel; id?: string }) {
  return (
    <ErrorBox role="alert" id={id}>
      <p>{model.error}</p>
      <Button variant="ghost" size="small" onClick={() => void model.load()}>
        Try again
      </Button>
    </ErrorBox>
  );
});

/** The app's list of a dynamic field as one searchable combobox. */
const ListCombobox = observer(function ListCombobox({
  stepId,
  model,
  field,
  value,
  onChange,
}: {
  stepId: string;
  model: IDropdownModel;
  field: FieldDef;
  value: string;
  onChange: (value: unknown) => void;
}) {
  const editor = useEditor();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const title = fieldTitle(field);
  const chosen = model.options.find((option) => option.value === value);
  const shown = model.shownOptions;
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  const listId = `${id}-list`;
  const isReference = value.includes('${');
  const isFailed = model.phase === 'failed';
  const errorId = `${id}-error`;

  // A chosen value is named by its option: load the list once when the field shows one.
  useEffect(() => {
    if (value !== '' && !isReference && model.phase === 'idle') void model.load();
  }, [value, isReference, model]);
  useEffect(() => {
    if (open) document.getElementById(`${listId}-${current}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, listId, current]);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setActive(
        Math.max(
          0,
          shown.findIndex((option) => option.value === value),
        ),
      );
      if (model.phase === 'idle' || model.phase === 'failed') void model.load();
    }
  };
  const choose = (next: string) => {
    onChange(next);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) =>
    onListKey(event, shown, current, setActive, (option) => choose(option.value));

  let shownValue = <span className="placeholder">Choose...</span>;
  if (isReference) shownValue = <StaticPills text={value} samples={samplesFor(editor.wf, stepId)} />;
  else if (chosen) shownValue = <span>{chosen.label}</span>;
  else if (value !== '' && model.phase === 'loading') shownValue = <span className="placeholder">Loading…</span>;
  else if (value !== '') shownValue = <span>{value}</span>;

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger asChild>
        <Trigger
          type="button"
          aria-haspopup="listbox"
          aria-label={`${title}: ${chosen?.label ?? (value || 'nothing chosen')}`}
          aria-invalid={isFailed ? true : undefined}
          aria-describedby={isFailed && !open ? errorId : undefined}
        >
          {shownValue}
          <ChevronDown size={16} aria-hidden="true" />
        </Trigger>
      </Popover.Trigger>
      <Popover.Portal>
        <Content side="bottom" align="start" sideOffset={4} collisionPadding={8} aria-label={`Choose ${title}`}>
          <Input
            autoFocus
            role="combobox"
            aria-label={`Search ${title}`}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[current] ? `${listId}-${current}` : undefined}
            placeholder="Search..."
            value={model.query}
            onChange={(event) => {
              model.setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {isFailed && <LoadFailure model={model} />}
          {model.phase === 'loading' && <p>Loading…</p>}
          {model.phase === 'loaded' && shown.length === 0 && (
            <p>{model.query.trim() ? `Nothing matches “${model.query.trim()}”.` : 'The list is empty.'}</p>
          )}
          <div role="listbox" id={listId} aria-label={title}>
            {shown.map((option, i) => (
              <div
                key={option.value}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === current}
                data-chosen={option.value === value}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option.value)}
                onKeyDown={onKeyDown}
              >
                {option.label}
              </div>
            ))}
          </div>
          {model.next && (
            <Button
              className="more"
              variant="ghost"
              disabled={model.phase === 'loading'}
              onClick={() => void model.load(true)}
            >
              Load More
            </Button>
          )}
        </Content>
      </Popover.Portal>
      {/* Closed, the field still says its list failed to load, like any field error. */}
      {isFailed && !open && <LoadFailure model={model} id={errorId} />}
    </Popover.Root>
  );
});

/** Props of a field of a step's set-up form: the step, the field, the app's name, the edit. */
export interface StepFieldProps {
  stepId: string;
  field: FieldDef;
  appLabel: string;
  onChange: (value: unknown) => void;
}

/** A dynamic dropdown (editor-core 2.7): the app's list and 'Custom', search, Load More, Clear Data. */
export const DynamicDropdown = observer(function DynamicDropdown({
  stepId,
  field,
  appLabel,
  onChange,
}: StepFieldProps) {
  const editor = useEditor();
  const [model] = useState(() => editor.createPanelModel(DropdownModel, { stepId, field }));
  const value = typeof field.value === 'string' ? field.value : field.value == null ? '' : String(field.value);
  return (
    <Tabs value={model.tab} onValueChange={(tab) => model.setTab(tab)}>
      <TabList aria-label={`${fieldTitle(field)} source`}>
        <Tab value="list">{appLabel || 'List'}</Tab>
        <Tab value="custom" data-tour="custom-tab">
          Custom
        </Tab>
      </TabList>
      <TabsContent value="list">
        <ListCombobox stepId={stepId} model={model} field={field} value={value} onChange={onChange} />
        <Row>
          <Button variant="ghost" onClick={() => onChange('')}>
            Clear Data
          </Button>
          <InsertDataPicker stepId={stepId} onInsert={(ref) => onChange(ref)} />
        </Row>
      </TabsContent>
      <TabsContent value="custom">
        {/* Custom: any value, typed or inserted from earlier steps as pills (editor-core 2.7, 2.11). */}
        <PillField stepId={stepId} label={fieldTitle(field)} value={value} onChange={(next) => onChange(next)} />
      </TabsContent>
    </Tabs>
  );
});
