import { Link, type LinkProps } from 'react-router-dom';
import styled from 'styled-components';
import { type ButtonSize, type ButtonVariant, buttonShape } from './Button.js';

/** Props of {@link ButtonLink}: a router link's props plus a button's variant and size. */
export interface ButtonLinkProps extends LinkProps {
  /** 'primary' unless told. */
  variant?: ButtonVariant;
  /** 'medium' unless told. */
  size?: ButtonSize;
}

const StyledLink = styled(Link)<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonShape}
  text-decoration: none;
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
