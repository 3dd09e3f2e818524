import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import styled from 'styled-components';
import { IconButton } from './IconButton.js';

/** One entry of a {@link RowMenu}. */
export interface RowAction {
  label: string;
  onSelect: () => void;
  /** Drawn in red and kept last: deletes, revokes. */
  danger?: boolean;
  disabled?: boolean;
}

const Content = styled(DropdownMenu.Content)`
  z-index: ${({ theme }) => theme.layer.popover};
  min-width: 180px;
  padding: ${({ theme }) => theme.space(1)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const Item = styled(DropdownMenu.Item)<{ $danger: boolean }>`
  display: flex;
  align-items: center;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.dangerText : theme.colors.text)};
  cursor: pointer;
  outline: none;
  user-select: none;
  &[data-highlighted] { background: ${({ theme, $danger }) => ($danger ? theme.colors.dangerSubtle : theme.colors.accentSubtle)}; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.muted}; cursor: not-allowed; }
`;

const Separator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: ${({ theme }) => theme.space(1)} 0;
  background: ${({ theme }) => theme.colors.border};
`;

/** Props of {@link RowMenu}. */
export interface RowMenuProps {
  /** The trigger's accessible name, e.g. "Actions for Invoice sync". */
  label: string;
  actions: readonly RowAction[];
  /** Controlled open state (the gallery shows it open). */
  open?: boolean;
  /** Renders the menu in place instead of under <body> (the gallery's frames). */
  inline?: boolean;
}

/**
 * Renders a "⋯" button opening a menu of a row's actions (Radix DropdownMenu: arrow keys,
 * type-ahead, Escape returns focus). Destructive actions come last, after a separator.
 *
 * @example
 * <RowMenu label={`Actions for ${wf.name}`} actions={[{ label: 'Open', onSelect: open }]} />
 */
export function RowMenu({ label, actions, open, inline = false }: RowMenuProps) {
  const safe = actions.filter((a) => !a.danger);
  const risky = actions.filter((a) => a.danger);
  const items = (
    <Content align="end" sideOffset={4} collisionPadding={8} avoidCollisions={!inline}>
      {[...safe, ...risky].map((action, i) => (
        <div key={action.label} style={{ display: 'contents' }}>
          {action.danger && i === safe.length && safe.length > 0 && <Separator />}
          <Item $danger={Boolean(action.danger)} disabled={action.disabled} onSelect={action.onSelect}>
            {action.label}
          </Item>
        </div>
      ))}
    </Content>
  );
  return (
    <DropdownMenu.Root open={open} modal={!inline}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={label} showTooltip={false}>
          <MoreHorizontal />
        </IconButton>
      </DropdownMenu.Trigger>
      {inline ? items : <DropdownMenu.Portal>{items}</DropdownMenu.Portal>}
    </DropdownMenu.Root>
  );
}
