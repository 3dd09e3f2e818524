import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { controlStyles, FieldFrame, type FieldProps, useFieldIds } from './Field.js';

/** One choice of a {@link Select} or {@link Combobox}. */
export interface SelectOption {
  value: string;
  /** What the user reads; the value when missing. */
  label?: string;
  disabled?: boolean;
}

/** A chevron pointing down, drawn in `color`, as a CSS image. */
function chevronImage(color: string): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='${color}' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='m6 9 6 6 6-6'/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/**
 * The theme's look for a bare `<select>` styled outside {@link Select} (a filter row, a panel
 * field, a pager): the browser's own arrow gives way to the theme's chevron, as in {@link Select}.
 * Put it after the control's `background`, which would otherwise clear the chevron.
 */
export const selectLook = css`
  appearance: none;
  padding-right: ${({ theme }) => theme.space(7)};
  color: ${({ theme }) => theme.colors.text};
  background-image: ${({ theme }) => chevronImage(theme.colors.muted)};
  background-repeat: no-repeat;
  background-position: right ${({ theme }) => theme.space(2)} center;
  background-size: 16px 16px;
  cursor: pointer;
`;

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
