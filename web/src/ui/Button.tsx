import { type ButtonHTMLAttributes, forwardRef } from 'react';
import styled, { css, keyframes } from 'styled-components';

/** How strongly a button asks for attention. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** A button's height: small in dense rows, large for a page's one call to action. */
export type ButtonSize = 'small' | 'medium' | 'large';

/** Props of {@link Button}: every native button attribute plus variant, size and loading. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * Visual weight; 'primary' (filled accent) unless told. 'secondary' is outlined and neutral,
   * 'ghost' is text only, 'danger' (filled red) is for destructive actions.
   */
  variant?: ButtonVariant;
  /** 'medium' unless told. */
  size?: ButtonSize;
  /**
   * Shows a spinner before the label, disables the button and marks it busy: a second click
   * cannot send the request twice. The label stays, so the button keeps its width and name.
   */
  loading?: boolean;
}

// A filled button that cannot be used gets a quiet fill (not the accent faded: its label fell
// under 3:1); a busy one keeps its colour, it is only waiting.
const disabledFill = css`
  &:disabled:not([aria-busy='true']) { background: ${({ theme }) => theme.colors.disabled}; }
`;

/** The look of each variant, from tokens only. */
export const buttonVariants = {
  primary: css`
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.accentHover}; }
    ${disabledFill}
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceSunken}; }
    &:disabled:not([aria-busy='true']) { border-color: ${({ theme }) => theme.colors.border}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.accentText};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.accentSubtle}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onDanger};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.dangerHover}; }
    ${disabledFill}
  `,
};

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const LoadingRing = styled.span`
  width: 1em;
  height: 1em;
  flex: none;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media ${({ theme }) => theme.motion.reduced} { animation-duration: 2.4s; }
`;

/** The box, type and variant shared by a {@link Button} and a `ButtonLink`. */
export const buttonShape = css<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ theme, $size }) => theme.control[$size]};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'small' ? 3 : $size === 'large' ? 5 : 4)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme, $size }) => ($size === 'small' ? theme.font.size.small : $size === 'large' ? theme.font.size.medium : theme.font.size.body)};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  white-space: nowrap;
  ${({ $variant }) => buttonVariants[$variant]}
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  font: inherit;
  ${buttonShape}
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.motion.fast} ${({ theme }) => theme.motion.easing};
  &:disabled { cursor: not-allowed; }
  &:disabled:not([aria-busy='true']) { color: ${({ theme }) => theme.colors.onDisabled}; }
  &[aria-busy='true'] { opacity: 0.8; cursor: progress; }
`;

/**
 * Renders an accessible native button in one of the theme's variants and sizes.
 *
 * @example
 * <Button variant="danger" loading={isDeleting} onClick={remove}>Delete</Button>
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'medium', type = 'button', loading = false, disabled, children, ...rest },
  ref,
) {
  // type="button" by default so a button inside a form never submits it by accident.
  return (
    <StyledButton
      ref={ref}
      $variant={variant}
      $size={size}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <LoadingRing aria-hidden="true" data-testid="button-spinner" />}
      {children}
    </StyledButton>
  );
});
