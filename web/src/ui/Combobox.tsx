/**
 * A combobox with a filtered list (WAI-ARIA 1.2 combobox pattern, list autocomplete): typing
 * filters the choices, arrow keys move the active option (aria-activedescendant), Enter or a
 * click chooses, Escape closes. Radix has no combobox primitive; this follows the APG pattern.
 */
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldFrame, type FieldProps, useFieldIds } from './Field.js';
import type { SelectOption } from './Select.js';

/** Props of {@link Combobox}. */
export interface ComboboxProps extends FieldProps {
  options: readonly SelectOption[];
  /** The chosen value ('' for none). */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Shown in the list when nothing matches; 'No matches' unless told. */
  emptyText?: string;
  disabled?: boolean;
  className?: string;
}

const Anchor = styled.div`
  position: relative;
  display: flex;
`;

const Input = styled.input<{ $isInvalid: boolean }>`
  ${controlStyles}
  flex: 1;
`;

const List = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.layer.popover};
  max-height: 240px;
  overflow: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space(1)} 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const Option = styled.li<{ $active: boolean }>`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $active }) => ($active ? theme.colors.accentSubtle : 'transparent')};
  &[aria-selected='true'] { font-weight: ${({ theme }) => theme.font.weight.semibold}; }
  &[aria-disabled='true'] { color: ${({ theme }) => theme.colors.muted}; cursor: not-allowed; }
`;

const Empty = styled.li`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
`;

const labelOf = (option: SelectOption) => option.label ?? option.value;

/**
 * Renders a labelled text box that filters a list of choices as the user types.
 *
 * @example
 * <Combobox label="App" options={apps.map((a) => ({ value: a.slug, label: a.name }))}
 *   value={slug} onChange={setSlug} />
 */
export function Combobox({
  label,
  hint,
  error,
  id,
  options,
  value,
  onChange,
  placeholder,
  emptyText = 'No matches',
  disabled,
  className,
}: ComboboxProps) {
  const ids = useFieldIds({ id, hint, error });
  const listId = `${ids.controlId}-list`;
  const chosen = options.find((option) => option.value === value);
  const [query, setQuery] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const shown = useMemo(() => {
    const needle = (query ?? '').trim().toLowerCase();
    return needle ? options.filter((o) => labelOf(o).toLowerCase().includes(needle)) : options;
  }, [options, query]);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: SelectOption | undefined) => {
    if (!option || option.disabled) return;
    onChange(option.value);
    close();
  };
  const open = () => {
    setOpen(true);
    setActive(
      Math.max(
        0,
        shown.findIndex((o) => o.value === value),
      ),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) return open();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (shown.length === 0 ? 0 : (i + step + shown.length) % shown.length));
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close();
    }
  };

  const activeId = isOpen && shown[active] ? `${listId}-${active}` : undefined;
  return (
    <FieldFrame label={label} ids={ids} hint={hint} error={error} className={className}>
      <Anchor>
        <Input
          ref={inputRef}
          {...ids.controlProps}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          placeholder={placeholder}
          disabled={disabled}
          $isInvalid={Boolean(error)}
          value={query ?? (chosen ? labelOf(chosen) : '')}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => (isOpen ? close() : open())}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        {isOpen && (
          <List id={listId} role="listbox" aria-label={label}>
            {shown.length === 0 && <Empty role="presentation">{emptyText}</Empty>}
            {shown.map((option, index) => (
              <Option
                key={option.value}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={option.value === value}
                aria-disabled={option.disabled || undefined}
                $active={index === active}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
              >
                {labelOf(option)}
              </Option>
            ))}
          </List>
        )}
      </Anchor>
    </FieldFrame>
  );
}
