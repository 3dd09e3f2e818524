import type { FieldDef } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { type KeyValue, KeyValueRows } from '../../ui/KeyValueRows.js';
import { PillField } from '../fields/PillField.js';
import { DynamicDropdown, type StepFieldProps } from './DynamicDropdown.js';
import { BOOLEAN_OPTIONS, fieldControl, fieldTitle } from './panel-fields.js';
import { Muted, RequiredLabel, Select } from './parts.js';

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

/** A key/value list field: sortable rows whose values are pill fields (editor-core 3). */
export function PillRows({
  stepId,
  field,
  onChange,
}: {
  stepId: string;
  field: FieldDef;
  onChange: (value: unknown) => void;
}) {
  const rows = toRows(field.value);
  return (
    <>
      <KeyValueRows
        label={fieldTitle(field)}
        itemName={rowName(field)}
        addLabel={`Add ${rowName(field)}`}
        rows={rows}
        onChange={(next) => onChange(next)}
        renderValue={({ value, label, onChange: setValue }) => (
          <PillField stepId={stepId} label={label} value={value} onChange={setValue} compact wrap placeholder="Value" />
        )}
      />
      {rows.length > 0 && <Muted>Type {'{'} in a value to insert data from earlier steps.</Muted>}
    </>
  );
}

/**
 * One field of a step's set-up form (editor-core 2.7): text with `${…}` chips and 'Insert
 * Data...', Yes/No booleans, static lists, dynamic dropdowns; required fields are marked.
 */
export const FieldEditor = observer(function FieldEditor({ stepId, field, appLabel, onChange }: StepFieldProps) {
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
      {control === 'keyValue' && <PillRows stepId={stepId} field={field} onChange={onChange} />}
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
