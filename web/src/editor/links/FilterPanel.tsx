import type { ConditionGroup, ConditionType, ILink } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { type FormEvent, Fragment, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import {
  addAnd,
  addOr,
  CONDITION_OPTIONS,
  checkGroups,
  initialGroups,
  needsValue,
  type RowErrors,
  removeRow,
  sampleFields,
  toLinkFilter,
  updateRow,
} from './filter-form.js';
import { Control, FieldError, LinkButton, PanelActions, PanelBody, Select } from './parts.js';

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
  gap: ${({ theme }) => theme.space(1)};
  > * { flex: 1; }
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
 * The filter panel (editor-core 2.10) of one link: 'Only continue if' rule rows (field from an
 * earlier step's sample, condition, value), '+ And', '+ Add "Or" rule group' and 'Save filter';
 * the saved filter is named 'Filter: …' (4.8) and labels the link.
 */
export const FilterPanel = observer(function FilterPanel({ link }: { link: ILink }) {
  const editor = useEditor();
  const { showToast } = useToast();
  const [groups, setGroups] = useState<ConditionGroup[]>(() => initialGroups(link.groups));
  const [errors, setErrors] = useState<RowErrors>({});
  const baseId = useId();
  const fields = useMemo(() => sampleFields(editor.wf.data, link.source), [editor.wf.data, link.source]);
  const listId = `${baseId}-fields`;

  const change = (next: ConditionGroup[]) => {
    setGroups(next);
    if (Object.keys(errors).length > 0) setErrors(checkGroups(next));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = checkGroups(groups);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const filter = toLinkFilter(groups);
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
        <Heading id={`${baseId}-rule`}>Only continue if</Heading>
        <datalist id={listId}>
          {fields.map((field) => (
            <option key={field.reference} value={field.reference} label={field.label} />
          ))}
        </datalist>
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
                      <Control
                        list={listId}
                        aria-label={`Field of rule ${r + 1}`}
                        placeholder="Field, e.g. ${step.amount}"
                        value={row.lhs}
                        onChange={(event) => change(updateRow(groups, g, r, { lhs: event.target.value }))}
                        {...described}
                      />
                      <Remove
                        type="button"
                        aria-label={`Remove rule ${r + 1}`}
                        onClick={() => change(removeRow(groups, g, r))}
                      >
                        ×
                      </Remove>
                    </RowLine>
                    <RowLine>
                      <Select
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
                      </Select>
                      {needsValue(row.conditionType) && (
                        <Control
                          aria-label={`Value of rule ${r + 1}`}
                          placeholder="Value"
                          value={row.rhs}
                          onChange={(event) => change(updateRow(groups, g, r, { rhs: event.target.value }))}
                          {...described}
                        />
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
        {fields.length === 0 && (
          <FieldError as="p" style={{ color: 'inherit', margin: 0 }}>
            Test the steps before this link to pick fields from their data.
          </FieldError>
        )}
        <PanelActions>
          {link.groups.length > 0 && (
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
