import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CircleHelp } from 'lucide-react';
import styled from 'styled-components';
import { MenuContent } from '../canvas/StepCard.js';
import { IconButton } from './parts.js';

/**
 * The help menu's pages (editor-core 2.2); each opens in a new tab. Only real targets are listed:
 * Junction has no video tutorials yet, so that entry is hidden until it has one.
 */
export const HELP_LINKS = [
  { label: 'Help Desk', href: '/support' },
  { label: 'Documentation', href: '/docs' },
  { label: 'Developer portal', href: '/develop/' },
] as const;

const LinkItem = styled.a`
  display: block;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  outline: none;
  &[data-highlighted] { background: ${({ theme }) => theme.colors.background}; }
`;

/** The help menu (editor-core 2.2): Help Desk, Documentation and the developer portal, each in a new tab (entries without a real target are hidden). */
export function HelpMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton aria-label="Help">
          <CircleHelp size={18} aria-hidden="true" />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="end" sideOffset={6}>
          {HELP_LINKS.map((link) => (
            <DropdownMenu.Item key={link.label} asChild>
              <LinkItem href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </LinkItem>
            </DropdownMenu.Item>
          ))}
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
