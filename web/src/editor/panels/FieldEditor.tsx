import type { FieldDef } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { BOOLEAN_OPTIONS, DropdownModel, fieldControl, fieldTitle } from '../../stores/panel-fields.js';
import { Button } from '../../ui/index.js';
import { type KeyValue, KeyValueRows } from '../../ui/KeyValueRows.js';
import { useEditor } from '../editor-context.js';
import { PillField } from '../fields/PillField.js';
import { InsertDataPicker } from './InsertDataPicker.js';
import { Input, Muted, RequiredLabel, Row, Select, Tab, TabList } from './parts.js';

const FieldBox = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** A key/value field's rows; a plain object (an older stored form) becomes rows in its order. */
function toRows(value: unknown): KeyValue[] {
  const list = Array.isArray(value)
    ? value.filter((row): row is { key?: unknown; value?: unknown } => typeof row === 'object' && row !== null)
    : typeof value === 'object' && value !== null
      ? Object.entries(value).map(([key, item]) => ({ key, value: item }))
      : [];
  return list.map((row) => ({ key: asText(row.key), value: asText(row.value) }));
}

// 'Headers' → 'header', 'Query parameters' → 'query parameter': the word a row is called by.
function rowName(field: FieldDef): string {
  const title = fieldTitle(field).toLowerCase();
  return title.endsWith('s') ? title.slice(0, -1) : title;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** A JSON field: the user's own text is kept while typing; the model gets the parsed value. */
function JsonField({
  stepId,
  label,
  labelledBy,
  value,
  onChange,
}: {
  stepId: string;
  label: string;
  labelledBy: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const [text, setText] = useState(() => asText(value));
  return (
    <PillField
      stepId={stepId}
      label={label}
      labelledBy={labelledBy}
      multiline
      value={text}
      onChange={(raw) => {
        setText(raw);
        try {
          onChange(raw.trim() === '' ? undefined : JSON.parse(raw));
        } catch {
          onChange(raw);
        }
      }}
    />
  );
}

/** A dynamic dropdown (editor-core 2.7): the app's list and 'Custom', search, Load More, Clear Data. */
const DynamicDropdown = observer(function DynamicDropdown({
  stepId,
  field,
  appLabel,
  onChange,
}: {
  stepId: string;
  field: FieldDef;
  appLabel: string;
  onChange: (value: unknown) => void;
}) {
  const editor = useEditor();
  const [model] = useState(() => new DropdownModel({ editor, stepId, field }));
  const value = asText(field.value);
  const chosen = model.options.find((o) => o.value === value);
  return (
    <div>
      <TabList role="tablist" aria-label={`${fieldTitle(field)} source`}>
        <Tab
          role="tab"
          aria-selected={model.tab === 'list'}
          $active={model.tab === 'list'}
          onClick={() => model.setTab('list')}
        >
          {appLabel || 'List'}
        </Tab>
        <Tab
          role="tab"
          data-tour="custom-tab"
          aria-selected={model.tab === 'custom'}
          $active={model.tab === 'custom'}
          onClick={() => model.setTab('custom')}
        >
          Custom
        </Tab>
      </TabList>
      {model.tab === 'list' ? (
        <>
          <Muted>Chosen: {chosen ? chosen.label : value || 'nothing yet'}</Muted>
          <Input
            aria-label={`Search ${fieldTitle(field)}`}
            placeholder="Search..."
            value={model.query}
            onFocus={() => model.phase === 'idle' && void model.load()}
            onChange={(event) => model.setQuery(event.target.value)}
          />
          {model.phase === 'failed' && <Muted role="alert">{model.error}</Muted>}
          {model.phase === 'loading' && <Muted>Loading…</Muted>}
          <Select
            aria-label={fieldTitle(field)}
            value={chosen ? value : ''}
            onFocus={() => model.phase === 'idle' && void model.load()}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">Choose...</option>
            {model.shownOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          <Row>
            {model.next && (
              <Button variant="ghost" onClick={() => void model.load(true)}>
                Load More
              </Button>
            )}
            <Button variant="ghost" onClick={() => onChange('')}>
              Clear Data
            </Button>
            <InsertDataPicker stepId={stepId} onInsert={(ref) => onChange(ref)} />
          </Row>
        </>
      ) : (
        // Custom: any value, typed or inserted from earlier steps as pills (editor-core 2.7, 2.11).
        <PillField stepId={stepId} label={fieldTitle(field)} value={value} onChange={(next) => onChange(next)} />
      )}
    </div>
  );
});

/**
 * One field of a step's set-up form (editor-core 2.7): text with `${…}` chips and 'Insert
 * Data...', Yes/No booleans, static lists, dynamic dropdowns; required fields are marked.
 */
export const FieldEditor = observer(function FieldEditor({
  stepId,
  field,
  appLabel,
  onChange,
}: {
  stepId: string;
  field: FieldDef;
  appLabel: string;
  onChange: (value: unknown) => void;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const control = fieldControl(field);
  const text = asText(field.value);
  const usesPills = control === 'text' || control === 'number' || control === 'json';
  return (
    <FieldBox data-tour={`field-${field.name}`}>
      <RequiredLabel
        htmlFor={control === 'dynamic' || usesPills ? undefined : id}
        id={labelId}
        required={field.required}
      >
        {fieldTitle(field)}
      </RequiredLabel>
      {control === 'boolean' && (
        <Select
          id={id}
          value={field.value === true ? 'yes' : field.value === false ? 'no' : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'yes')}
        >
          <option value="">Choose...</option>
          {BOOLEAN_OPTIONS.map((option) => (
            <option key={option.label} value={option.value ? 'yes' : 'no'}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
      {control === 'enum' && (
        <Select id={id} value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose...</option>
          {(field.schema?.enum ?? []).map((option, i) => (
            <option key={option} value={option}>
              {field.schema?.enumNames?.[i] ?? option}
            </option>
          ))}
        </Select>
      )}
      {control === 'dynamic' && (
        <DynamicDropdown stepId={stepId} field={field} appLabel={appLabel} onChange={onChange} />
      )}
      {(control === 'text' || control === 'number') && (
        <PillField
          stepId={stepId}
          label={fieldTitle(field)}
          labelledBy={labelId}
          value={text}
          onChange={(next) => onChange(next)}
        />
      )}
      {control === 'keyValue' && (
        <KeyValueRows
          label={fieldTitle(field)}
          itemName={rowName(field)}
          addLabel={`Add ${rowName(field)}`}
          rows={toRows(field.value)}
          onChange={(rows) => onChange(rows)}
          renderValue={({ value, label, onChange: setValue }) => (
            <PillField
              stepId={stepId}
              label={label}
              value={value}
              onChange={setValue}
              compact
              wrap
              placeholder="Value"
            />
          )}
        />
      )}
      {control === 'keyValue' && toRows(field.value).length > 0 && (
        <Muted>Type {'{'} in a value to insert data from earlier steps.</Muted>
      )}
      {control === 'json' && (
        <>
          <JsonField
            stepId={stepId}
            label={fieldTitle(field)}
            labelledBy={labelId}
            value={field.value}
            onChange={onChange}
          />
          <Muted>A JSON value; it may hold data from earlier steps.</Muted>
        </>
      )}
      {field.description && <Muted>{field.description}</Muted>}
    </FieldBox>
  );
});
