import type { ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

/** How strongly a button asks for attention. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

/** Props of {@link Button}: every native button attribute plus a variant. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight; 'primary' (blue) unless told. 'secondary' is the red, destructive one. */
  variant?: ButtonVariant;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.secondary};
    color: ${({ theme }) => theme.colors.onSecondary};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.secondaryHover}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) { background: rgba(0, 105, 234, 0.08); }
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  ${({ $variant }) => variants[$variant]}
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;

/**
 * Renders an accessible native button in one of the theme's variants.
 *
 * @example
 * <Button variant="secondary" onClick={remove}>Delete</Button>
 */
export function Button({ variant = 'primary', type = 'button', ...rest }: ButtonProps) {
  // type="button" by default so a button inside a form never submits it by accident.
  return <StyledButton $variant={variant} type={type} {...rest} />;
}
