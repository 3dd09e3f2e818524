import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { withParam } from '../stores/session.js';
import { useToast } from '../ui/Toast.js';
import { AccountStoreModel } from './account-store.js';

/** Who the menu is for; the editor passes nothing and the menu asks GET /api/auth/me. */
export interface AccountMenuUser {
  id: string;
  name: string;
  email: string;
}

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  /** The signed-in user when the page already has them (the dashboard). */
  user?: AccountMenuUser;
  /** Appends the session token as `c` to dashboard links (the editor's pages pass it on Exit too). */
  token?: string | null;
  /** Show the name beside the avatar (the dashboard's wide navigation). */
  showName?: boolean;
}

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  max-width: 100%;
  min-height: 36px;
  padding: ${({ theme }) => theme.space(1)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover, &[data-state='open'] { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Avatar = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 30px;
  height: 30px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 13px;
  font-weight: 700;
  /* The initials are drawn, not text: the button's visible text is then its accessible name. */
  &::before { content: attr(data-initials); }
`;

const NameBlock = styled.span`
  display: grid;
  min-width: 0;
  line-height: 1.25;
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  span + span { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;

const Content = styled(DropdownMenu.Content)`
  min-width: 220px;
  max-width: 300px;
  padding: ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  z-index: 30;
`;

const Heading = styled(DropdownMenu.Label)`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  overflow-wrap: anywhere;
  strong { display: block; }
  span { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;

const itemStyle = `
  display: block;
  padding: 8px 12px;
  border-radius: 4px;
  text-decoration: none;
  cursor: pointer;
  outline: none;
`;

const LinkItem = styled.a`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceSunken}; }
`;

const ActionItem = styled(DropdownMenu.Item)`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.muted}; cursor: default; }
`;

const Separator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: ${({ theme }) => theme.space(1)} 0;
  background: ${({ theme }) => theme.colors.border};
`;

/** Two letters for the avatar: the name's initials, else the e-mail's first letter. */
function initialsOf(user: AccountMenuUser | null): string {
  if (!user) return '?';
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0][0]}${words[words.length - 1][0]}`.toUpperCase();
  return (words[0]?.[0] ?? user.email[0] ?? '?').toUpperCase();
}

/** The trigger's accessible name; it holds the visible name and e-mail when they show (WCAG 2.5.3). */
function accountLabel(user: AccountMenuUser | null | undefined, showName: boolean): string {
  if (!user) return 'Account';
  return showName && user.name ? `Account: ${user.name} ${user.email}` : `Account: ${user.email}`;
}

/**
 * The account menu of the dashboard and the editor: who is signed in, Profile, Developer
 * portal, and Sign out, which ends the session on the server before leaving for sign-in.
 */
export function AccountMenu({ user: given, token = null, showName = false }: AccountMenuProps) {
  const account = usePageStore(AccountStoreModel);
  const { showToast } = useToast();
  const [fetched, setFetched] = useState<AccountMenuUser | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const user = given ?? fetched;

  useEffect(() => {
    if (given || !account.token) return;
    let live = true;
    account.me().then(
      (me) => live && setFetched({ id: me.id, name: me.name, email: me.email }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [account, given]);

  const href = (path: string) => `${path}${token ? withParam('', 'c', token) : ''}`;
  const leave = async () => {
    setLeaving(true);
    try {
      window.location.assign(await account.signOut('this-browser', user?.id));
    } catch (error) {
      setLeaving(false);
      showToast({ status: 'error', message: failureText(error, 'Could not sign out.') });
    }
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Trigger type="button" aria-label={accountLabel(user, showName)}>
          <Avatar aria-hidden="true" data-initials={initialsOf(user)} />
          {showName && user && (
            <NameBlock>
              <span>{user.name || user.email}</span>
              {user.name && <span>{user.email}</span>}
            </NameBlock>
          )}
        </Trigger>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <Content align="end" side={showName ? 'top' : 'bottom'} sideOffset={6} collisionPadding={8}>
          {user && (
            <Heading>
              {user.name && <strong>{user.name}</strong>}
              <span>{user.email}</span>
            </Heading>
          )}
          <DropdownMenu.Item asChild>
            <LinkItem href={href('/profile')}>Profile and sessions</LinkItem>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <LinkItem href={href('/settings')}>Workspace settings</LinkItem>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <LinkItem href="/develop/">Developer portal</LinkItem>
          </DropdownMenu.Item>
          <Separator />
          <ActionItem
            disabled={isLeaving}
            onSelect={(event) => {
              event.preventDefault();
              void leave();
            }}
          >
            {isLeaving ? 'Signing out…' : 'Sign out'}
          </ActionItem>
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
