import { type InputHTMLAttributes, type TextareaHTMLAttributes, forwardRef } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldFrame, type FieldProps, useFieldIds } from './Field.js';

/** Props of {@link TextField}: a visible label, optional hint and error, and input attributes. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>, FieldProps {}

const Input = styled.input<{ $isInvalid: boolean }>`
  ${controlStyles}
`;

/**
 * Renders a labelled text input whose hint and error are tied to it for screen readers.
 *
 * @example
 * <TextField label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={emailError} />
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, className, ...inputProps },
  ref,
) {
  const ids = useFieldIds({ id, hint, error });
  return (
    <FieldFrame label={label} ids={ids} hint={hint} error={error} className={className}>
      <Input ref={ref} {...ids.controlProps} $isInvalid={Boolean(error)} {...inputProps} />
    </FieldFrame>
  );
});

/** Props of {@link TextArea}. */
export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>, FieldProps {}

const Area = styled.textarea<{ $isInvalid: boolean }>`
  ${controlStyles}
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  min-height: 88px;
  resize: vertical;
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
`;

/**
 * Renders a labelled multi-line input with hint and error, like {@link TextField}.
 *
 * @example
 * <TextArea label="Description" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
 */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, id, className, ...areaProps },
  ref,
) {
  const ids = useFieldIds({ id, hint, error });
  return (
    <FieldFrame label={label} ids={ids} hint={hint} error={error} className={className}>
      <Area ref={ref} {...ids.controlProps} $isInvalid={Boolean(error)} {...areaProps} />
    </FieldFrame>
  );
});
