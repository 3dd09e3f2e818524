import { Link, type LinkProps } from 'react-router-dom';
import styled from 'styled-components';
import { type ButtonSize, type ButtonVariant, buttonVariants } from './Button.js';

/** Props of {@link ButtonLink}: a router link's props plus a button's variant and size. */
export interface ButtonLinkProps extends LinkProps {
  /** 'primary' unless told. */
  variant?: ButtonVariant;
  /** 'medium' unless told. */
  size?: ButtonSize;
}

const StyledLink = styled(Link)<{ $variant: ButtonVariant; $size: ButtonSize }>`
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
  text-decoration: none;
  white-space: nowrap;
  ${({ $variant }) => buttonVariants[$variant]}
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/**
 * Renders a link (it goes somewhere: a new address, history, open in a new tab) that looks
 * like a {@link Button} of the same variant and size.
 *
 * @example
 * <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
 */
export function ButtonLink({ variant = 'primary', size = 'medium', ...rest }: ButtonLinkProps) {
  return <StyledLink $variant={variant} $size={size} {...rest} />;
}
