import type { FieldDef } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  BOOLEAN_OPTIONS,
  DropdownModel,
  fieldControl,
  fieldTitle,
  samplesFor,
  segmentValue,
} from '../../stores/panel-fields.js';
import { Button } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { InsertDataPicker } from './InsertDataPicker.js';
import { Input, Muted, RequiredLabel, Row, Select, Tab, TabList, TextArea } from './parts.js';

const FieldBox = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  margin-top: 4px;
  font-size: 12px;
`;

const Chip = styled.span<{ $known: boolean }>`
  display: inline-block;
  max-width: 100%;
  padding: 1px 8px;
  border-radius: 10px;
  background: ${({ $known }) => ($known ? '#e0ecfd' : '#fdecea')};
  color: ${({ $known }) => ($known ? '#0b4aa2' : '#b71c1c')};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The value as chips: each `${…}` reference shows its sample value or 'Unknown Reference'. */
const ValueChips = observer(function ValueChips({ stepId, text }: { stepId: string; text: string }) {
  // Only texts holding a reference need the earlier steps' samples.
  return text.includes('${') ? <ReferenceChips stepId={stepId} text={text} /> : null;
});

const ReferenceChips = observer(function ReferenceChips({ stepId, text }: { stepId: string; text: string }) {
  const editor = useEditor();
  // Read in render (no memo), so a chip updates when an earlier step's sample changes.
  const segments = segmentValue(text, samplesFor(editor.wf, stepId));
  if (!segments.some((s) => s.kind === 'chip')) return null;
  return (
    <Chips aria-label="Value preview">
      {segments.map((segment, i) =>
        segment.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
          <span key={i}>{segment.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same reference may occur twice
          <Chip key={i} $known={segment.isKnown} title={segment.raw}>
            {segment.isKnown && segment.stepName ? `${segment.stepName}: ` : ''}
            {segment.label}
          </Chip>
        ),
      )}
    </Chips>
  );
});

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
        <Input aria-label={fieldTitle(field)} value={value} onChange={(event) => onChange(event.target.value)} />
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
  const control = fieldControl(field);
  const text = asText(field.value);
  const insert = (reference: string) => onChange(`${text}${reference}`);
  return (
    <FieldBox>
      <RequiredLabel htmlFor={control === 'dynamic' ? undefined : id} required={field.required}>
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
        <>
          <Input id={id} value={text} onChange={(event) => onChange(event.target.value)} />
          <ValueChips stepId={stepId} text={text} />
          <Row>
            <InsertDataPicker stepId={stepId} onInsert={insert} />
          </Row>
        </>
      )}
      {control === 'json' && (
        <>
          <TextArea
            id={id}
            defaultValue={text}
            onBlur={(event) => {
              const raw = event.target.value;
              try {
                onChange(raw.trim() === '' ? undefined : JSON.parse(raw));
              } catch {
                onChange(raw);
              }
            }}
          />
          <ValueChips stepId={stepId} text={text} />
          <Muted>A JSON value; it may hold {'${…}'} references to earlier steps.</Muted>
        </>
      )}
      {field.description && <Muted>{field.description}</Muted>}
    </FieldBox>
  );
});
