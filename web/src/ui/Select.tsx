import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldFrame, type FieldProps, useFieldIds } from './Field.js';

/** One choice of a {@link Select} or {@link Combobox}. */
export interface SelectOption {
  value: string;
  /** What the user reads; the value when missing. */
  label?: string;
  disabled?: boolean;
}

/** Props of {@link Select}. */
export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'>, FieldProps {
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose…"); selected while the value is ''. */
  placeholder?: string;
}

const Wrap = styled.div`
  position: relative;
  display: flex;
  & > svg {
    position: absolute;
    right: ${({ theme }) => theme.space(3)};
    top: 50%;
    width: 16px;
    height: 16px;
    transform: translateY(-50%);
    pointer-events: none;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const NativeSelect = styled.select<{ $isInvalid: boolean }>`
  ${controlStyles}
  flex: 1;
  /* A flex item is as wide as its longest option otherwise, and overflows a narrow column. */
  min-width: 0;
  appearance: none;
  padding-right: ${({ theme }) => theme.space(9)};
  cursor: pointer;
`;

/**
 * Renders a labelled native select (the most accessible list of a few fixed choices: every
 * platform's own keyboard and screen-reader handling), styled from the theme.
 *
 * @example
 * <Select label="Theme" value={mode} onChange={(e) => setMode(e.target.value)}
 *   options={[{ value: 'system', label: 'Follow the system' }, { value: 'dark', label: 'Dark' }]} />
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hint, error, id, className, options, placeholder, ...selectProps },
  ref,
) {
  const ids = useFieldIds({ id, hint, error });
  return (
    <FieldFrame label={label} ids={ids} hint={hint} error={error} className={className}>
      <Wrap>
        <NativeSelect ref={ref} {...ids.controlProps} $isInvalid={Boolean(error)} {...selectProps}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label ?? option.value}
            </option>
          ))}
        </NativeSelect>
        <ChevronDown aria-hidden="true" />
      </Wrap>
    </FieldFrame>
  );
});
