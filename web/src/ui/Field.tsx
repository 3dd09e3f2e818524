/**
 * The frame of every form control: a visible label, the control, a hint and an error, tied
 * together for screen readers (label → `for`, hint and error → `aria-describedby`, error →
 * `aria-invalid`). TextField, TextArea, Select and Combobox are built on it.
 */
import { type ReactNode, useId } from 'react';
import styled, { css } from 'styled-components';

/** The label, hint and error every field takes. */
export interface FieldProps {
  /** The visible label; also the control's accessible name. */
  label: string;
  /** Help text under the control, announced with it (e.g. a technical key in words' place). */
  hint?: ReactNode;
  /** A validation message; marks the control invalid and is announced with it. */
  error?: string;
  /** An explicit id; a generated one otherwise. */
  id?: string;
}

/** The ids and ARIA attributes a control needs inside a {@link FieldFrame}. */
export interface FieldIds {
  controlId: string;
  hintId?: string;
  errorId?: string;
  controlProps: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** Returns the ids tying a control to its label, hint and error. */
export function useFieldIds({ id, hint, error }: Pick<FieldProps, 'id' | 'hint' | 'error'>): FieldIds {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    hintId,
    errorId,
    controlProps: { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The border, fill, padding and focus ring of inputs, text areas and selects. */
export const controlStyles = css<{ $isInvalid: boolean }>`
  min-height: ${({ theme }) => theme.control.medium};
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  &::placeholder { color: ${({ theme }) => theme.colors.muted}; }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.focus};
    box-shadow: ${({ theme }) => theme.focusRing};
  }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

/** Props of {@link FieldFrame}. */
export interface FieldFrameProps {
  label: string;
  ids: FieldIds;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** Lays out label, control, hint and error (the error as an alert, so it is announced). */
export function FieldFrame({ label, ids, hint, error, children, className }: FieldFrameProps) {
  return (
    <Frame className={className}>
      <Label htmlFor={ids.controlId}>{label}</Label>
      {children}
      {hint && <Hint id={ids.hintId}>{hint}</Hint>}
      {error && (
        <ErrorText id={ids.errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Frame>
  );
}
