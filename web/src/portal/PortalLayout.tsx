/**
 * The developer portal's frame (forms-dp 2.3): the shared left pane ('Apps', 'Add App', the
 * app search, and once an app is chosen the Status picker, 'API Docs', 'API DateTime Format'
 * and the navigation list) beside the page. It establishes the session and opens the app named
 * by the address.
 */
import { type AppDefinition, DATE_TIME_FORMATS, filterApps } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { type ComponentType, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { usePageStore } from '../stores/root-store.js';
import { Button, Spinner, useToast } from '../ui/index.js';
import { ErrorBanner, FieldBox, SelectField } from './parts.js';
import { type AppSummary, type PortalStore, PortalStoreModel } from './portal-store.js';

/** The portal store: the root's page store of `PortalStoreModel`. */
export function usePortal(): PortalStore {
  return usePageStore(PortalStoreModel);
}

/** The open app; only rendered by pages once it is loaded. */
export function usePortalApp(): AppDefinition {
  const store = usePortal();
  if (!store.app) throw new Error('usePortalApp needs a loaded app.');
  return store.app;
}

/** Shows a save's outcome: the spec's toast on success, the server's message on failure. */
export function useSaveToast() {
  const { showToast } = useToast();
  return (result: { ok: boolean; message?: string }, appName: string) => {
    if (result.ok) showToast({ status: 'success', message: `${appName} integration saved!` });
    else showToast({ status: 'error', message: `Not saved: ${result.message}` });
  };
}

/** A portal route's page: `Content` in the portal's frame. */
export function withPortalLayout(Content: ComponentType) {
  return function PortalPage() {
    return (
      <PortalLayout>
        <Content />
      </PortalLayout>
    );
  };
}

/** What a page editing the open app works with: the portal's store, the app, navigation and the save toast. */
export function usePortalEditor() {
  const store = usePortal();
  const app = usePortalApp();
  const navigate = useNavigate();
  const saveToast = useSaveToast();
  return { store, app, navigate, saveToast };
}

const Frame = styled.div`
  display: grid;
  grid-template-columns: 300px 1fr;
  min-height: 100vh;
  @media (max-width: 800px) { grid-template-columns: 1fr; }
`;

const Pane = styled.aside`
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space(5)};
  h2 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: 22px; }
  input, textarea { font: inherit; }
`;

const BackLink = styled(Link)`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.accentText};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  &:hover { text-decoration: underline; }
`;

const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(8)};
  min-width: 0;
  a { color: ${({ theme }) => theme.colors.accentText}; text-underline-offset: 2px; }
`;

const Nav = styled.nav`
  margin-top: ${({ theme }) => theme.space(4)};
  ul { list-style: none; margin: 0; padding: 0; }
  li a, li span { display: block; padding: ${({ theme }) => `${theme.space(1.5)} ${theme.space(2.5)}`}; border-radius: ${({ theme }) => theme.radius.small}; color: inherit; text-decoration: none; }
  li a:hover { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  li a[aria-current='page'] { background: ${({ theme }) => theme.colors.accentSubtle}; font-weight: ${({ theme }) => theme.font.weight.bold}; color: ${({ theme }) => theme.colors.accentText}; }
  li.sub a, li.sub span { padding-left: ${({ theme }) => theme.space(6.5)}; font-size: ${({ theme }) => theme.font.size.small}; }
  li span[aria-disabled='true'] { color: ${({ theme }) => theme.colors.muted}; }
`;

const Dot = styled.span<{ $ok: boolean }>`
  display: inline-block !important;
  width: 10px;
  height: 10px;
  padding: 0 !important;
  margin-left: 6px;
  border-radius: 50%;
  background: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

const Combo = styled.div`
  position: relative;
  input { width: 100%; box-sizing: border-box; min-height: ${({ theme }) => theme.control.medium}; padding: 0 30px 0 10px; border: 1px solid ${({ theme }) => theme.colors.borderStrong}; border-radius: ${({ theme }) => theme.radius.small}; background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.text}; font: inherit; }
  input:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
  .list { position: absolute; z-index: 10; left: 0; right: 0; max-height: 280px; overflow: auto; margin: 2px 0 0; padding: 4px; list-style: none; background: ${({ theme }) => theme.colors.surfaceRaised}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radius.medium}; box-shadow: ${({ theme }) => theme.shadow.raised}; }
  .list > div { padding: 6px 8px; border-radius: ${({ theme }) => theme.radius.small}; cursor: pointer; }
  .list > div[aria-selected='true'], .list > div:hover { background: ${({ theme }) => theme.colors.accentSubtle}; }
  .list > div.note { cursor: default; color: ${({ theme }) => theme.colors.muted}; }
  .clear { position: absolute; right: 4px; top: 4px; border: 0; background: none; color: ${({ theme }) => theme.colors.muted}; cursor: pointer; font-size: 16px; }
`;

/** The app search (forms-dp 2.3): matches anywhere, at most 50 options; picking opens, clearing closes. */
const AppSearch = observer(function AppSearch({ store, slug }: { store: PortalStore; slug: string | undefined }) {
  const navigate = useNavigate();
  const id = useId();
  const current = store.editableApps.find((a) => a.appSlug === slug);
  const [text, setText] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = text ?? current?.appName ?? '';
  const options: AppSummary[] = filterApps(store.editableApps, { query: text ?? '' });
  const pick = (app: AppSummary) => {
    setText(null);
    setOpen(false);
    navigate(`/develop/${app.appSlug}`);
  };
  return (
    <FieldBox>
      <label htmlFor={id}>App</label>
      <Combo>
        <input
          id={id}
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          placeholder="Type to search apps"
          value={shown}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, options.length - 1));
            else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
            else if (e.key === 'Enter' && options[active]) pick(options[active]);
            else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {(shown !== '' || slug) && (
          <button
            type="button"
            className="clear"
            aria-label="Clear app"
            onClick={() => {
              setText(null);
              store.closeApp();
              navigate('/develop');
            }}
          >
            ×
          </button>
        )}
        {isOpen && (
          <div id={`${id}-list`} className="list" role="listbox" aria-label="Apps">
            {store.isLoadingApps || store.apps === null ? (
              <div className="note">Loading Apps...</div>
            ) : options.length === 0 ? (
              <div className="note">No Apps? Something has gone wrong...</div>
            ) : (
              options.map((app, i) => (
                <div
                  key={app.appSlug}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(app);
                  }}
                >
                  {app.appName}
                </div>
              ))
            )}
          </div>
        )}
      </Combo>
    </FieldBox>
  );
});

const AUTH_LABELS: Record<string, string> = {
  basic: 'Basic Auth',
  apikey: 'API Key',
  oauth2: 'OAuth 2.0',
  customCode: 'Custom',
};

/** The chosen app's part of the pane: Status, API Docs, API DateTime Format and the navigation. */
const AppPane = observer(function AppPane({ store, current }: { store: PortalStore; current: string }) {
  const app = store.app!;
  const saveToast = useSaveToast();
  const [docs, setDocs] = useState(app.apiDocs ?? '');
  const docsId = useId();
  useEffect(() => setDocs(app.apiDocs ?? ''), [app.apiDocs]);
  const base = `/develop/${app.appSlug}`;
  const link = (to: string, label: ReactNode, sub = false) => (
    <li className={sub ? 'sub' : undefined} key={to}>
      <Link to={to} aria-current={current === to ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
  const apiType = app.authInfo.apiType;
  const tested = app.authInfo.testResponseStatus;
  return (
    <>
      <SelectField
        label="Status"
        value={store.pendingStatus ?? app.completionStatus ?? 'In Progress'}
        onChange={(e) => store.setPendingStatus(e.target.value as 'Complete' | 'In Progress')}
        hint={store.pendingStatus ? 'Saved with the next save.' : undefined}
        options={[
          { value: 'Complete', label: 'Complete' },
          { value: 'In Progress', label: 'In Progress' },
        ]}
      />
      <FieldBox>
        <label htmlFor={docsId}>API Docs</label>
        <input
          id={docsId}
          value={docs}
          placeholder="https://…"
          onChange={(e) => setDocs(e.target.value)}
          onBlur={async () => {
            if (docs === (app.apiDocs ?? '')) return;
            saveToast(await store.save({ ...app, apiDocs: docs }), app.appName);
          }}
        />
      </FieldBox>
      <SelectField
        label="API DateTime Format"
        value={app.apiDateTimeFormat ?? ''}
        onChange={async (e) => saveToast(await store.save({ ...app, apiDateTimeFormat: e.target.value }), app.appName)}
        options={[
          { value: '', label: 'Choose a format' },
          ...DATE_TIME_FORMATS.map((f) => ({ value: f.pattern, label: f.label })),
        ]}
      />
      <Nav aria-label="App sections">
        <ul>
          {link(base, 'App Overview')}
          {link(`${base}/authentication`, 'Authentication')}
          {apiType && (
            <li className="sub">
              <Link
                to={`${base}/authentication/edit`}
                aria-current={current === `${base}/authentication/edit` ? 'page' : undefined}
              >
                {AUTH_LABELS[apiType]}
                {tested !== undefined && (
                  <Dot $ok={tested} role="img" aria-label={tested ? 'Last test succeeded' : 'Last test failed'} />
                )}
              </Link>
            </li>
          )}
          {app.disableAuth && (
            <li className="sub">
              <span aria-disabled="true">Passport App</span>
            </li>
          )}
          {link(`${base}/triggers`, 'Triggers')}
          {Object.entries(app.triggers).map(([key, t]) =>
            link(`${base}/triggers/${key}/settings`, t.label || key, true),
          )}
          {link(`${base}/actions`, 'Actions')}
          {Object.entries(app.actions).map(([key, a]) => {
            const to = `${base}/actions/${key}/settings`;
            const isCurrent = current.startsWith(`${base}/actions/${key}/`);
            return (
              <li className="sub" key={to}>
                <Link to={to} aria-current={isCurrent ? 'page' : undefined}>
                  {a.title || key}
                </Link>
              </li>
            );
          })}
        </ul>
      </Nav>
    </>
  );
});

/**
 * Wraps a portal page: session, app list, the app of `:appSlug`, the left pane. The page is
 * rendered only once the app is loaded (or at once when `needsApp` is false).
 */
export const PortalLayout = observer(function PortalLayout({
  children,
  needsApp = true,
}: {
  children: ReactNode;
  needsApp?: boolean;
}) {
  const store = usePortal();
  const { appSlug } = useParams();
  const navigate = useNavigate();
  const current = useLocation().pathname.replace(/\/+$/, '');

  useEffect(() => {
    if (store.hasSession === null) void store.startSession();
  }, [store]);

  useEffect(() => {
    if (store.hasSession && store.apps === null && !store.isLoadingApps) void store.loadApps();
  }, [store, store.hasSession]);

  useEffect(() => {
    if (store.hasSession && appSlug && needsApp) void store.openApp(appSlug);
  }, [store, store.hasSession, appSlug, needsApp]);

  let page: ReactNode;
  if (store.hasSession === null) page = <Spinner label="Loading" />;
  else if (!store.hasSession) page = <ErrorBanner>Sign in to use the developer portal.</ErrorBanner>;
  else if (!needsApp || !appSlug) page = children;
  else if (store.appError) page = <ErrorBanner>{store.appError}</ErrorBanner>;
  else if (!store.app || store.app.appSlug !== appSlug) page = <Spinner label="Loading app" />;
  else {
    const isReadOnly = store.apps !== null && !store.editableApps.some((a) => a.appSlug === appSlug);
    page = (
      <>
        {isReadOnly && (
          <ErrorBanner>
            This app is read-only here: it is built in or belongs to another workspace, so saves are refused.
          </ErrorBanner>
        )}
        {children}
      </>
    );
  }

  return (
    <Frame>
      <Pane aria-label="Apps">
        <BackLink to="/dashboard">← Back to dashboard</BackLink>
        <h2>Apps</h2>
        <Button style={{ width: '100%', marginBottom: 16 }} onClick={() => navigate('/develop/new')}>
          Add App
        </Button>
        {store.appsError && <ErrorBanner>{store.appsError}</ErrorBanner>}
        <AppSearch store={store} slug={appSlug} />
        {store.app && appSlug && store.app.appSlug === appSlug && <AppPane store={store} current={current} />}
      </Pane>
      <Main>{page}</Main>
    </Frame>
  );
});
