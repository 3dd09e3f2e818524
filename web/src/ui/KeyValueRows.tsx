/**
 * Key/value rows (editor-core 3 "Custom HTTP request action": params, headers, body rows;
 * forms-dp 2.10 URL Params): add, remove, edit, and reorder by pointer or keyboard with dnd-kit
 * (focus a row's handle, Space to pick it up, arrows to move, Space to drop, Escape to cancel).
 * The value editor is the caller's (a pill field in the editor, a plain input in the portal).
 * Not exported from the `ui` barrel: only the lazy panels and portal pages load dnd-kit.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { INDENT_STEP_PX } from '@junction/core';
import { GripVertical, Plus, X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import styled from 'styled-components';
import { Button } from './Button.js';

/** One row. */
export interface KeyValue {
  key: string;
  value: string;
}

/** Props of {@link KeyValueRows}; rows may carry more than key and value (the portal's depth). */
export interface KeyValueRowsProps<R extends KeyValue = KeyValue> {
  /** The group's accessible name, e.g. 'Headers'. */
  label: string;
  rows: readonly R[];
  onChange: (rows: R[]) => void;
  /** Names one row in button labels and announcements ('header' → 'Remove header 2'). */
  itemName?: string;
  keyLabel?: string;
  valueLabel?: string;
  keyPlaceholder?: string;
  /** The value editor; a plain input when not given. */
  renderValue?: (props: { value: string; label: string; onChange: (value: string) => void }) => ReactNode;
  /** The add button's text ('Add header'). */
  addLabel?: string;
  /** The row Add appends; an empty key and value when not given. */
  newRow?: () => R;
  /** How far a row is indented, in levels of core's INDENT_STEP_PX (the portal's nested body rows). */
  depthOf?: (row: R) => number;
  /** More buttons of one row, before its remove button (indent, outdent). */
  rowActions?: (index: number) => ReactNode;
  /** More controls beside Add (Import JSON). */
  footer?: ReactNode;
  /** A test id on each row. */
  rowTestId?: string;
}

const Grid = styled.div<{ $actions: boolean }>`
  display: grid;
  grid-template-columns: 24px minmax(0, 2fr) minmax(0, 3fr) ${({ $actions }) => ($actions ? 'auto ' : '')}32px;
  gap: 6px;
  align-items: start;
  margin-bottom: 6px;
  background: ${({ theme }) => theme.colors.surface};
  &[data-dragging='true'] { position: relative; z-index: 2; box-shadow: ${({ theme }) => theme.shadow.raised}; border-radius: 4px; }
  > input {
    box-sizing: border-box;
    width: 100%;
    min-height: 36px;
    padding: 0 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
  }
  > input:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 36px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.text}; background: rgba(15, 23, 42, 0.06); }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  &[data-handle] { cursor: grab; touch-action: none; }
`;

const Group = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Empty = styled.p`
  margin: 0 0 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

// Rows move up and down only.
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

let nextRowId = 0;
const newRowId = () => {
  nextRowId += 1;
  return `kv-${nextRowId}`;
};

function SortableRow<R extends KeyValue>({
  id,
  index,
  row,
  props,
  onKey,
  onValue,
  onRemove,
}: {
  id: string;
  index: number;
  row: R;
  props: KeyValueRowsProps<R>;
  onKey: (key: string) => void;
  onValue: (value: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const item = props.itemName ?? 'row';
  const n = index + 1;
  const keyLabel = `${props.keyLabel ?? 'Key'} ${n}`;
  const valueLabel = `${props.valueLabel ?? 'Value'} ${n}`;
  return (
    <Grid
      ref={setNodeRef}
      $actions={props.rowActions !== undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        marginLeft: props.depthOf ? props.depthOf(row) * INDENT_STEP_PX : undefined,
      }}
      data-dragging={isDragging}
      data-testid={props.rowTestId ?? 'key-value-row'}
    >
      <IconButton
        ref={setActivatorNodeRef}
        data-handle=""
        {...attributes}
        {...listeners}
        aria-label={`Move ${item} ${n}${row.key ? ` (${row.key})` : ''}`}
      >
        <GripVertical size={16} aria-hidden="true" />
      </IconButton>
      <input
        aria-label={keyLabel}
        placeholder={props.keyPlaceholder ?? props.keyLabel ?? 'Key'}
        value={row.key}
        onChange={(event) => onKey(event.target.value)}
      />
      {props.renderValue ? (
        <div>{props.renderValue({ value: row.value, label: valueLabel, onChange: onValue })}</div>
      ) : (
        <input
          aria-label={valueLabel}
          placeholder={props.valueLabel ?? 'Value'}
          value={row.value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
      {props.rowActions && <span>{props.rowActions(index)}</span>}
      <IconButton aria-label={`Remove ${item} ${n}`} onClick={onRemove}>
        <X size={16} aria-hidden="true" />
      </IconButton>
    </Grid>
  );
}

/**
 * Editable key/value rows that keep their order.
 *
 * @example
 * <KeyValueRows label="Headers" itemName="header" rows={rows} onChange={setRows} />
 */
export function KeyValueRows<R extends KeyValue = KeyValue>(props: KeyValueRowsProps<R>) {
  const { label, rows, onChange, itemName = 'row' } = props;
  // Rows have no identity of their own; ids follow them through moves and removals.
  const ids = useRef<string[]>([]);
  while (ids.current.length < rows.length) ids.current.push(newRowId());
  if (ids.current.length > rows.length) ids.current = ids.current.slice(0, rows.length);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const describe = (id: string | number) => {
    const at = ids.current.indexOf(String(id));
    const key = rows[at]?.key;
    return `${itemName} ${at + 1}${key ? ` (${key})` : ''}`;
  };
  const position = (id: string | number | undefined) => ids.current.indexOf(String(id)) + 1;
  // What is announced is taken when the drag starts and moves: the drop reorders the rows.
  const dragged = useRef({ name: '', position: 0 });
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      dragged.current = { name: describe(active.id), position: position(active.id) };
      return `Picked up ${dragged.current.name}.`;
    },
    // Over its own place (as when picked up) it says nothing, so 'Picked up' is heard.
    onDragOver: ({ active, over }) => {
      if (!over) return undefined;
      dragged.current.position = position(over.id);
      return over.id === active.id
        ? undefined
        : `${dragged.current.name} is over position ${dragged.current.position} of ${rows.length}.`;
    },
    onDragEnd: ({ over }) =>
      over ? `${dragged.current.name} dropped at position ${dragged.current.position} of ${rows.length}.` : undefined,
    onDragCancel: () => `Moving ${dragged.current.name} was cancelled.`,
  };
  const set = (index: number, patch: Partial<KeyValue>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : { ...row })));
  const remove = (index: number) => {
    ids.current = ids.current.filter((_, i) => i !== index);
    onChange(rows.filter((_, i) => i !== index).map((row) => ({ ...row })));
  };
  const add = () => {
    ids.current = [...ids.current, newRowId()];
    onChange([...rows.map((row) => ({ ...row })), props.newRow ? props.newRow() : ({ key: '', value: '' } as R)]);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.current.indexOf(String(active.id));
    const to = ids.current.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    ids.current = arrayMove(ids.current, from, to);
    onChange(arrayMove([...rows], from, to).map((row) => ({ ...row })));
  };
  return (
    <Group aria-label={label}>
      {rows.length === 0 && <Empty>No {itemName}s yet.</Empty>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: `To move a ${itemName}, press Space, then the arrow keys, then Space again to drop it or Escape to cancel.`,
          },
        }}
      >
        <SortableContext items={ids.current} strategy={verticalListSortingStrategy}>
          {rows.map((row, index) => (
            <SortableRow
              key={ids.current[index]}
              id={ids.current[index]}
              index={index}
              row={row}
              props={props}
              onKey={(key) => set(index, { key })}
              onValue={(value) => set(index, { value })}
              onRemove={() => remove(index)}
            />
          ))}
        </SortableContext>
      </DndContext>
      <Footer>
        <Button variant="ghost" onClick={add}>
          <Plus size={16} aria-hidden="true" />
          {props.addLabel ?? 'Add'}
        </Button>
        {props.footer}
      </Footer>
    </Group>
  );
}
