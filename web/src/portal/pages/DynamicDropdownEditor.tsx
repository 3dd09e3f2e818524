/**
 * A string field's dynamic dropdown in the portal's field editor (forms-dp 3 "Field schema":
 * dynamic, params, perform): the action that lists the options is chosen from the app's own
 * actions, the list's keys are typed one per box, and the fields it depends on are ticked.
 * The engine reads the composed `dynamic` spec; `perform` keeps the chosen action.
 */
import {
  type ActionDef,
  type DynamicSpec,
  type FieldSchema,
  formatDynamicSpec,
  parseDynamicSpec,
} from '@junction/core';
import { useState } from 'react';
import styled from 'styled-components';
import { TextField } from '../../ui/index.js';
import { Hint, SelectField } from '../parts.js';

const Box = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  padding: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  legend { font-weight: 600; padding: 0 4px; }
  .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: ${({ theme }) => theme.space(2)}; }
  .depends label { margin-right: ${({ theme }) => theme.space(4)}; }
`;

/** Props of {@link DynamicDropdownEditor}. */
export interface DynamicDropdownEditorProps {
  appSlug: string;
  /** The app's actions, by key. */
  actions: Readonly<Record<string, ActionDef>>;
  /** Names of the action's other fields, which the dropdown may depend on. */
  otherFields: readonly string[];
  schema: FieldSchema;
  onChange(patch: Pick<FieldSchema, 'dynamic' | 'perform' | 'params'>): void;
}

/** Edits `dynamic`, `perform` and `params` of a string field. */
export function DynamicDropdownEditor({ appSlug, actions, otherFields, schema, onChange }: DynamicDropdownEditorProps) {
  // Parts are held while half filled; the spec is written once every part is there.
  const [parts, setParts] = useState<DynamicSpec>(
    () =>
      parseDynamicSpec(schema.dynamic ?? '') ?? {
        app: appSlug,
        label: '',
        action: schema.perform ?? '',
        head: '',
        valueKey: '',
        labelKey: '',
      },
  );
  const params = schema.params ?? [];
  const update = (patch: Partial<DynamicSpec>) => {
    const next = { ...parts, ...patch, app: appSlug };
    setParts(next);
    onChange({
      perform: next.action || undefined,
      dynamic: next.action ? formatDynamicSpec(next) : undefined,
      params: next.action ? params : undefined,
    });
  };
  const toggleParam = (name: string, on: boolean) =>
    onChange({ params: on ? [...params.filter((p) => p !== name), name] : params.filter((p) => p !== name) });
  const complete = parts.action === '' || formatDynamicSpec({ ...parts, app: appSlug }) !== undefined;
  return (
    <Box>
      <legend>Dynamic dropdown</legend>
      <SelectField
        label="Options come from"
        hint="An action of this app that lists the choices (e.g. List contacts)."
        value={parts.action}
        onChange={(e) =>
          update({ action: e.target.value, label: parts.label || (actions[e.target.value]?.title ?? '') })
        }
        options={[
          { value: '', label: 'No dropdown (users type the value)' },
          ...Object.entries(actions).map(([key, action]) => ({ value: key, label: `${action.title || key} (${key})` })),
        ]}
      />
      {parts.action !== '' && (
        <>
          <div className="grid">
            <TextField
              label="Array name"
              hint="Key of the list in the answer; 0 when the answer is the list."
              value={parts.head}
              onChange={(e) => update({ head: e.target.value })}
            />
            <TextField
              label="Value key"
              hint="Sent to the API, e.g. id."
              value={parts.valueKey}
              onChange={(e) => update({ valueKey: e.target.value })}
            />
            <TextField
              label="Label key"
              hint="Shown to users, e.g. name."
              value={parts.labelKey}
              onChange={(e) => update({ labelKey: e.target.value })}
            />
          </div>
          <TextField label="Dropdown label" value={parts.label} onChange={(e) => update({ label: e.target.value })} />
          {!complete && <Hint role="status">Fill in every box (no dots) for the dropdown to be saved.</Hint>}
          <fieldset className="depends" style={{ border: 0, padding: 0 }}>
            <legend>Depends on</legend>
            {otherFields.length === 0 ? (
              <Hint>
                This action has no other fields. A dependent dropdown reloads when the fields it depends on change.
              </Hint>
            ) : (
              otherFields.map((name) => (
                <label key={name}>
                  <input
                    type="checkbox"
                    checked={params.includes(name)}
                    onChange={(e) => toggleParam(name, e.target.checked)}
                  />{' '}
                  {name}
                </label>
              ))
            )}
          </fieldset>
        </>
      )}
    </Box>
  );
}
