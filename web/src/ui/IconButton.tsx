import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { type ButtonSize, type ButtonVariant, buttonVariants } from './Button.js';
import { Tooltip } from './Tooltip.js';

/** Props of {@link IconButton}. */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The button's accessible name (an icon alone has none); also its tooltip. */
  label: string;
  /** The icon, e.g. a lucide-react icon; hidden from assistive technology. */
  children: ReactNode;
  /** 'ghost' unless told. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows {@link IconButtonProps.label} as a tooltip on hover and focus; true unless told. */
  showTooltip?: boolean;
}

const Square = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ theme, $size }) => theme.control[$size]};
  height: ${({ theme, $size }) => theme.control[$size]};
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.small};
  cursor: pointer;
  ${({ $variant }) => buttonVariants[$variant]}
  ${({ $variant, theme }) =>
    $variant === 'ghost' ? `color: ${theme.colors.muted}; &:hover:not(:disabled) { color: ${theme.colors.text}; }` : ''}
  svg { width: 18px; height: 18px; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;

/**
 * Renders a square button showing only an icon, named by `label` (which is also its tooltip).
 *
 * @example
 * <IconButton label="Delete workflow" onClick={remove}><Trash2 /></IconButton>
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, children, variant = 'ghost', size = 'medium', type = 'button', showTooltip = true, ...rest },
  ref,
) {
  const button = (
    <Square ref={ref} type={type} aria-label={label} $variant={variant} $size={size} {...rest}>
      <span aria-hidden="true" style={{ display: 'contents' }}>
        {children}
      </span>
    </Square>
  );
  return showTooltip ? <Tooltip content={label}>{button}</Tooltip> : button;
});
