/**
 * The custom request's body (editor-core 3 "Custom HTTP request action"): JSON text with data
 * pills, or key/value rows sent as a JSON object, switchable; a GET sends none. A pill in the
 * JSON text is written by the rules of JSON when the step runs (core's `resolveFieldValue`):
 * inside quotes as string content, outside as a JSON value.
 */
import { type FieldDef, jsonBodyProblem } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import styled from 'styled-components';
import { PillField } from '../fields/PillField.js';
import { PillRows } from './FieldEditor.js';
import { Muted, RequiredLabel } from './parts.js';

/** The fields the body editor owns; the set-up form leaves them to it. */
export const BODY_FIELD_NAMES: ReadonlySet<string> = new Set(['bodyType', 'stringBody', 'bodyFields']);

const Switch = styled.div`
  display: inline-flex;
  margin: 0 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  overflow: hidden;
  label {
    position: relative;
    padding: 6px 14px;
    font-weight: 600;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }
  label + label { border-left: 1px solid ${({ theme }) => theme.colors.border}; }
  label:has(input:checked) { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
  label:has(input:focus-visible) { box-shadow: inset ${({ theme }) => theme.focusRing}; }
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.secondary};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Box = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** The body section of the custom request's set-up form. */
export const RequestBody = observer(function RequestBody({
  stepId,
  fields,
  onChange,
}: {
  stepId: string;
  fields: readonly FieldDef[];
  onChange: (name: string, value: unknown) => void;
}) {
  const id = useId();
  const byName = (name: string) => fields.find((field) => field.name === name);
  const method = String(byName('requestType')?.value ?? 'GET').toUpperCase();
  const typeField = byName('bodyType');
  const rowsField = byName('bodyFields');
  const type = typeField?.value === 'fields' && rowsField ? 'fields' : 'json';
  const text = byName('stringBody')?.value;
  const bodyText = typeof text === 'string' ? text : text === undefined || text === null ? '' : JSON.stringify(text);
  const problem = jsonBodyProblem(bodyText);
  const choices = [
    { value: 'json', label: 'JSON' },
    { value: 'fields', label: 'Fields' },
  ];
  return (
    <Box>
      <RequiredLabel id={`${id}-label`} required={false}>
        Body
      </RequiredLabel>
      {method === 'GET' ? (
        <Muted>A GET request sends no body; choose another method to send one.</Muted>
      ) : (
        <>
          {typeField && rowsField && (
            <Switch role="radiogroup" aria-label="Body type">
              {choices.map((choice) => (
                <label key={choice.value}>
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={choice.value}
                    checked={type === choice.value}
                    onChange={() => onChange('bodyType', choice.value)}
                  />
                  {choice.label}
                </label>
              ))}
            </Switch>
          )}
          {type === 'fields' && rowsField ? (
            <PillRows
              stepId={stepId}
              field={{ ...rowsField, title: 'Body fields' }}
              onChange={(value) => onChange('bodyFields', value)}
            />
          ) : (
            <>
              <PillField
                stepId={stepId}
                label="Body (JSON)"
                multiline
                placeholder={'{"name": "Ada"}'}
                value={
                  typeof text === 'string' ? text : text === undefined || text === null ? '' : JSON.stringify(text)
                }
                onChange={(value) => onChange('stringBody', value)}
              />
              {problem ? (
                <Problem>{problem}</Problem>
              ) : (
                <Muted>Data inside quotes is inserted as text; outside quotes, as a JSON value.</Muted>
              )}
            </>
          )}
        </>
      )}
    </Box>
  );
});
