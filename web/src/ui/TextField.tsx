import { type InputHTMLAttributes, useId } from 'react';
import styled from 'styled-components';

/** Props of {@link TextField}: a visible label, optional hint and error, and input attributes. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label; also the input's accessible name. */
  label: string;
  /** Help text under the input, announced with it. */
  hint?: string;
  /** A validation message; marks the input invalid and is announced with it. */
  error?: string;
  /** An explicit id; a generated one otherwise. */
  id?: string;
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Label = styled.label`
  font-weight: 600;
`;

const Input = styled.input<{ $isInvalid: boolean }>`
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid
    ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.secondary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  color: inherit;
  background: ${({ theme }) => theme.colors.surface};
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.secondary};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/**
 * Renders a labelled text input whose hint and error are tied to it for screen readers.
 *
 * @example
 * <TextField label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={emailError} />
 */
export function TextField({ label, hint, error, id, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        $isInvalid={Boolean(error)}
        {...inputProps}
      />
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Field>
  );
}
