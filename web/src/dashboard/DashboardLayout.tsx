import { can, isApiError, type Role } from '@junction/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { AccessStoreModel } from '../access/access-store.js';
import { AccountMenu } from '../account/AccountMenu.js';
import { AccountStoreModel } from '../account/account-store.js';
import { WorkspaceSwitcher } from '../instance/WorkspaceSwitcher.js';
import type { Me } from '../stores/dashboard-session.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, PageTitle, Spinner } from '../ui/index.js';
import { SupportChatLauncher } from './SupportChatLauncher.js';

const Frame = styled.div`
  display: grid;
  grid-template-columns: 220px 1fr;
  min-height: 100vh;
  @media ${({ theme }) => theme.media.belowLarge} {
    grid-template-columns: 1fr;
  }
`;

const Side = styled.nav`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled.span`
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.xlarge};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.accentText};
`;

const Item = styled(NavLink)`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  &:hover { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &.active { background: ${({ theme }) => theme.colors.accentSubtle}; color: ${({ theme }) => theme.colors.accentText}; font-weight: ${({ theme }) => theme.font.weight.semibold}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Who = styled.div`
  margin-top: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const WorkspaceName = styled.span`
  padding: 0 ${({ theme }) => theme.space(2)};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const Main = styled.main`
  min-width: 0;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(8)};
  max-width: 1280px;
  /* Where the support chat's launcher shows, the content keeps clear of its corner column. */
  @media ${({ theme }) => theme.media.chat} {
    padding-right: ${({ theme }) => theme.space(22)};
  }
`;

const Centered = styled.main`
  display: grid;
  place-items: center;
  min-height: 100vh;
  text-align: center;
  padding: ${({ theme }) => theme.space(6)};
`;

/** What every dashboard page reads: the user and a way to reload them. */
export interface DashboardSession {
  me: Me;
  /** Reloads the user (after a workspace rename or a plan change). */
  refresh(): Promise<void>;
  /** The current workspace. */
  tenant: Me['tenants'][number]['tenant'];
}

const DashboardContext = createContext<DashboardSession | null>(null);

/** Returns the dashboard session; throws when no {@link DashboardLayout} is above. */
export function useDashboard(): DashboardSession {
  const session = useContext(DashboardContext);
  if (!session) throw new Error('useDashboard must be used inside <DashboardLayout>.');
  return session;
}

type LoadState =
  | { phase: 'loading' }
  | { phase: 'signed-out' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; me: Me };

/** Establishes the session for a page; shared by the dashboard and the replay viewer. */
export function useSessionUser(): { state: LoadState; refresh: () => Promise<void> } {
  const account = usePageStore(AccountStoreModel);
  const [state, setState] = useState<LoadState>({ phase: 'loading' });
  const load = useCallback(async () => {
    try {
      const me = await account.startSession();
      setState(me ? { phase: 'ready', me } : { phase: 'signed-out' });
    } catch (error) {
      setState({ phase: 'failed', message: isApiError(error) ? error.message : String(error) });
    }
  }, [account]);
  useEffect(() => {
    void load();
  }, [load]);
  return { state, refresh: load };
}

/** What a page shows while its session is not ready; null when it is. */
export function SessionGate({ state }: { state: LoadState }) {
  if (state.phase === 'loading') {
    return (
      <Centered>
        <Spinner label="Loading" />
      </Centered>
    );
  }
  if (state.phase === 'signed-out') {
    return (
      <Centered>
        <div>
          <PageTitle>Sign in to continue</PageTitle>
          <p>You are not signed in. Open the editor to sign in or create an account.</p>
          <Button onClick={() => window.location.assign('/')}>Go to sign in</Button>
        </div>
      </Centered>
    );
  }
  if (state.phase === 'failed') {
    return (
      <Centered>
        <p role="alert">Could not load your account: {state.message}</p>
      </Centered>
    );
  }
  return null;
}

const LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/workflows', label: 'Workflows' },
  { to: '/connections', label: 'Connections' },
  // The built-in Demo CRM's own screens (contacts, its API keys): what the tour and a first
  // workflow connect to.
  { to: '/demo-crm', label: 'Demo CRM' },
  { to: '/settings', label: 'Settings' },
  { to: '/profile', label: 'Profile' },
  { to: '/support', label: 'Support' },
  { to: '/docs', label: 'User guide' },
  // The developer portal (forms-dp 2.3): where a workspace registers its own apps.
  { to: '/develop/', label: 'Developer portal' },
] as const;

/** Hands the profile's role to the access store (switching workspaces changes it). */
function RoleFromProfile({ role }: { role: Role | null }) {
  const access = usePageStore(AccessStoreModel);
  useEffect(() => access.setRole(role), [access, role]);
  return null;
}

/**
 * The frame of the dashboard pages (the product behind the editor's Exit): the session (from
 * `c` or local storage), the left navigation and the page.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { state, refresh } = useSessionUser();
  if (state.phase !== 'ready') return <SessionGate state={state} />;
  const { me } = state;
  const tenant = me.tenants.find((m) => m.tenant.id === me.currentTenantId)?.tenant ?? me.tenants[0].tenant;
  const role = me.tenants.find((m) => m.tenant.id === tenant.id)?.role ?? null;
  return (
    <DashboardContext.Provider value={{ me, refresh, tenant }}>
      <RoleFromProfile role={role} />
      <Frame>
        <Side aria-label="Dashboard">
          <Brand>Junction</Brand>
          {LINKS.map((link) => (
            <Item key={link.to} to={link.to} end>
              {link.label}
            </Item>
          ))}
          {role && can(role, 'audit.read').allowed && (
            <Item to="/audit" end>
              Audit log
            </Item>
          )}
          <Who>
            {me.tenants.length > 1 ? (
              <WorkspaceSwitcher me={me} onSwitched={refresh} />
            ) : (
              <WorkspaceName title={tenant.name}>{tenant.name}</WorkspaceName>
            )}
            <AccountMenu user={{ id: me.id, name: me.name, email: me.email }} showName />
          </Who>
        </Side>
        <Main>{children}</Main>
      </Frame>
      <SupportChatLauncher />
    </DashboardContext.Provider>
  );
}
