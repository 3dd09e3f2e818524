import type { ConditionGroup, ConditionType, ILink } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { type FormEvent, Fragment, useId, useState } from 'react';
import styled from 'styled-components';
import { Button, TextField, useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import { PillField } from '../fields/PillField.js';
import { insertSources } from '../panels/panel-fields.js';
import {
  addAnd,
  addOr,
  CONDITION_OPTIONS,
  checkGroups,
  filterNameProblem,
  initialGroups,
  needsValue,
  type RowErrors,
  removeRow,
  toLinkFilter,
  typedFilterName,
  updateRow,
} from './filter-form.js';
import { FieldError, LinkButton, PanelActions, PanelBody, Select } from './parts.js';

const Heading = styled.h3`
  margin: 0;
  font-size: 15px;
`;

const Group = styled.fieldset`
  margin: 0;
  min-width: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  legend { padding: 0 ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.font.size.small}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space(1)};
  padding-bottom: ${({ theme }) => theme.space(2)};
  border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
  &:last-of-type { border-bottom: none; }
`;

const RowLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  > * { flex: 1 1 120px; }
`;

/**
 * The condition select is as wide as its longest name ('(Text) Does not exactly match'), so no
 * condition is ever cut; the value box takes the rest of the line or wraps below it.
 */
const ConditionSelect = styled(Select)`
  flex: 1 0 auto !important;
  width: auto;
  max-width: 100%;
`;

const Remove = styled.button`
  flex: none !important;
  width: 36px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 18px;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.secondary}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** Holds a pill field in a rule row, taking the room an input would. */
const FieldSlot = styled.div`
  flex: 1;
  min-width: 0;
`;

const Joiner = styled.span`
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Or = styled.div`
  text-align: center;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

/**
 * The filter panel (editor-core 2.10, 3 "Filter schema") of one link: its Filter Name, 'Only
 * continue if' rule rows (field from an earlier step's sample, condition, value), '+ And',
 * '+ Add "Or" rule group' and 'Save filter'; the saved filter is named as typed, else
 * 'Filter: …' (4.8), and the name labels the link.
 */
export const FilterPanel = observer(function FilterPanel({ link }: { link: ILink }) {
  const editor = useEditor();
  const { showToast } = useToast();
  const [groups, setGroups] = useState<ConditionGroup[]>(() => initialGroups(link.groups));
  const [errors, setErrors] = useState<RowErrors>({});
  const [name, setName] = useState(() => typedFilterName(link));
  const [nameError, setNameError] = useState('');
  const baseId = useId();
  const hasData = insertSources(editor.wf, link.target).some((source) => source.hasData);

  const change = (next: ConditionGroup[]) => {
    setGroups(next);
    if (Object.keys(errors).length > 0) setErrors(checkGroups(next));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = checkGroups(groups);
    const nameProblem = filterNameProblem(name);
    setErrors(found);
    setNameError(nameProblem);
    if (Object.keys(found).length > 0 || nameProblem !== '') return;
    const filter = toLinkFilter(groups, name);
    editor.wf.setLinkFilter(link.id, filter);
    showToast({ status: 'success', message: `${filter.name} saved` });
    editor.closeLinkPanel();
  };

  const clear = () => {
    editor.wf.setLinkFilter(link.id, { name: '', groups: [] });
    showToast({ status: 'info', message: 'Filter removed' });
    editor.closeLinkPanel();
  };

  return (
    <form onSubmit={save} noValidate>
      <PanelBody>
        <TextField
          label="Filter Name"
          placeholder={toLinkFilter(groups).name || 'Named after its rules'}
          hint="Shown on the link. Leave empty to name it after its rules."
          value={name}
          error={nameError || undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError) setNameError(filterNameProblem(event.target.value));
          }}
        />
        <Heading id={`${baseId}-rule`}>Only continue if</Heading>
        {groups.map((group, g) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rule groups have no identity but their place.
          <Fragment key={g}>
            {g > 0 && <Or aria-hidden="true">OR</Or>}
            <Group aria-labelledby={`${baseId}-rule`}>
              <legend>{g === 0 ? 'All of these' : 'Or all of these'}</legend>
              {group.map((row, r) => {
                const key = `${g}-${r}`;
                const error = errors[key];
                const errorId = `${baseId}-${key}-error`;
                const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
                  <Row key={r}>
                    {r > 0 && <Joiner>AND</Joiner>}
                    <RowLine>
                      <FieldSlot {...described}>
                        <PillField
                          stepId={link.target}
                          label={`Field of rule ${r + 1}`}
                          placeholder="Choose a field: type { or Insert Data..."
                          value={row.lhs}
                          onChange={(lhs) => change(updateRow(groups, g, r, { lhs }))}
                        />
                      </FieldSlot>
                      <Remove
                        type="button"
                        aria-label={`Remove rule ${r + 1}`}
                        onClick={() => change(removeRow(groups, g, r))}
                      >
                        ×
                      </Remove>
                    </RowLine>
                    <RowLine>
                      <ConditionSelect
                        aria-label={`Condition of rule ${r + 1}`}
                        value={row.conditionType}
                        onChange={(event) =>
                          change(updateRow(groups, g, r, { conditionType: event.target.value as ConditionType }))
                        }
                      >
                        {CONDITION_OPTIONS.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </ConditionSelect>
                      {needsValue(row.conditionType) && (
                        <FieldSlot {...described}>
                          <PillField
                            stepId={link.target}
                            label={`Value of rule ${r + 1}`}
                            placeholder="Value"
                            compact
                            value={row.rhs}
                            onChange={(rhs) => change(updateRow(groups, g, r, { rhs }))}
                          />
                        </FieldSlot>
                      )}
                    </RowLine>
                    {error && <FieldError id={errorId}>{error}</FieldError>}
                  </Row>
                );
              })}
              <LinkButton type="button" onClick={() => change(addAnd(groups, g))}>
                + And
              </LinkButton>
            </Group>
          </Fragment>
        ))}
        <LinkButton type="button" onClick={() => change(addOr(groups))}>
          + Add "Or" rule group
        </LinkButton>
        {!hasData && (
          <FieldError as="p" style={{ color: 'inherit', margin: 0 }}>
            Test the steps before this link to pick fields from their data.
          </FieldError>
        )}
        <PanelActions>
          {(link.groups.length > 0 || link.name !== '') && (
            <Button type="button" variant="ghost" onClick={clear}>
              Remove filter
            </Button>
          )}
          <Button type="submit">Save filter</Button>
        </PanelActions>
      </PanelBody>
    </form>
  );
});
