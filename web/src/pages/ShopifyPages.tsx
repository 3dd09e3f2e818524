import { isApiError, STATUS_PROBLEM_CODES } from '@junction/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AccountStoreModel } from '../account/account-store.js';
import { failureText } from '../stores/api-failure.js';
import { usePageStore } from '../stores/root-store.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.js';
import { Button, ButtonLink, PageTitle, Spinner } from '../ui/index.js';
import { PageShell } from '../ui/PageShell.js';

/** The query parameters the storefront sends on an install (forms-dp 8). */
export const REQUIRED_SHOPIFY_PARAMS = ['shop', 'timestamp', 'hmac'] as const;

/** Where the random OAuth state of the storefront hand-off is kept (session storage, forms-dp 2.11). */
export const SHOPIFY_STATE_KEY = 'junction.shopify.state';

/** Where /shopify/admin/oauth/redirect_to_install forwards: the product's storefront-integrations page. */
export const STOREFRONT_INTEGRATIONS_PATH = '/connections';

/** How long the install page shows its text before forwarding. */
export const INSTALL_FORWARD_DELAY_MS = 1200;

/** Tells whether a storefront install link carries shop, timestamp and hmac, all non-empty. */
export function hasRequiredShopifyParams(params: URLSearchParams): boolean {
  return REQUIRED_SHOPIFY_PARAMS.every((name) => Boolean(params.get(name)));
}

/** A random state of 32 hex characters (crypto.getRandomValues). */
export function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The authorize address the server answered, with the state added. */
export function withState(authorizeUrl: string, state: string): string {
  const url = new URL(authorizeUrl);
  url.searchParams.set('state', state);
  return url.toString();
}

const ErrorLine = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-weight: 600;
`;

/** The parts of `window` the hand-off touches (tests pass their own). */
export interface ShopifyBrowser {
  search: string;
  sessionStorage: Pick<Storage, 'setItem' | 'getItem' | 'removeItem'>;
  /** The session token kept by the editor, or null when signed out. */
  readToken(): string | null;
  navigate(url: string): void;
  /** Opens a page in a new tab (sign in without losing this one). */
  openTab(url: string): void;
}

const realBrowser = (): ShopifyBrowser => ({
  search: window.location.search,
  sessionStorage: window.sessionStorage,
  readToken: () => {
    try {
      return window.localStorage.getItem(TOKEN_STORAGE_KEY);
    } catch {
      // Storage can be blocked (private mode, sandboxed frames): treat as signed out.
      return null;
    }
  },
  navigate: (url) => window.location.assign(url),
  openTab: (url) => {
    window.open(url, '_blank', 'noopener');
  },
});

/** Tells whether /shopify is the storefront's return (it carries the authorisation code). */
export function isShopifyReturn(params: URLSearchParams): boolean {
  return params.has('code');
}

/**
 * Checks the return's state against the one this browser kept when it left for the authorize
 * page; the text to show when they differ, else null.
 */
export function shopifyStateProblem(returned: string | null, kept: string | null): string | null {
  if (!kept) {
    return 'This install was not started in this browser tab (no state was kept). Start the install again from your store.';
  }
  if (!returned || returned !== kept) {
    return 'This return does not match the install started in this browser (state mismatch). Start the install again from your store.';
  }
  return null;
}

/**
 * Renders /shopify (forms-dp 2.11): without shop, timestamp and hmac the red
 * 'Error: Missing required query params'; otherwise the server checks the link's HMAC, and
 * only then the browser goes to the shop's authorize page with a random state kept in
 * session storage. A refused link shows the server's reason in red.
 */
export function ShopifyAuthorizePage({ browser = realBrowser }: { browser?: () => ShopifyBrowser }) {
  const [params] = useSearchParams();
  if (isShopifyReturn(params)) return <ShopifyReturn browser={browser} />;
  return <ShopifyAuthorize browser={browser} />;
}

/** A refused install link or return leads on: to the dashboard, as the 404 page does. */
function WayBack() {
  return (
    <Actions>
      <ButtonLink to="/dashboard" variant="secondary">
        Go to your dashboard
      </ButtonLink>
    </Actions>
  );
}

function ShopifyAuthorize({ browser }: { browser: () => ShopifyBrowser }) {
  const [params] = useSearchParams();
  const account = usePageStore(AccountStoreModel);
  const hasParams = hasRequiredShopifyParams(params);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!hasParams) return;
    let isCurrent = true;
    const env = browser();
    account.startShopifyInstall(env.search).then(
      (authorizeUrl) => {
        if (!isCurrent) return;
        const state = randomState();
        env.sessionStorage.setItem(SHOPIFY_STATE_KEY, state);
        env.navigate(withState(authorizeUrl, state));
      },
      (e: unknown) => {
        if (!isCurrent) return;
        setError(failureText(e));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [account, browser, hasParams]);
  return (
    <PageShell>
      {!hasParams ? (
        <>
          <ErrorLine role="alert">Error: Missing required query params</ErrorLine>
          <WayBack />
        </>
      ) : error ? (
        <>
          <ErrorLine role="alert">Error: {error}</ErrorLine>
          <WayBack />
        </>
      ) : (
        <Spinner label="Checking the install link" />
      )}
    </PageShell>
  );
}

const Actions = styled.div`
  display: flex;
  gap: 12px;
  margin-top: 16px;
`;

const SuccessLine = styled.p`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

type ReturnPhase =
  | { phase: 'connecting' }
  | { phase: 'signed-out' }
  | { phase: 'failed'; message: string }
  | { phase: 'connected'; shop: string; name: string; isReconnect: boolean };

/**
 * The storefront's return leg on /shopify (the server forwards `/auth/shopify/redirect` here):
 * the state must equal the one kept in session storage, else nothing is sent; signed in, the
 * return query goes to the server, which checks its HMAC, exchanges the code and stores the
 * shop's account. Signed out, the page asks to sign in (in a new tab) and then finish.
 */
function ShopifyReturn({ browser }: { browser: () => ShopifyBrowser }) {
  const [params] = useSearchParams();
  const account = usePageStore(AccountStoreModel);
  const shop = params.get('shop') ?? 'your store';
  const [env] = useState(browser);
  const [stateProblem] = useState(() =>
    shopifyStateProblem(params.get('state'), env.sessionStorage.getItem(SHOPIFY_STATE_KEY)),
  );
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<ReturnPhase>({ phase: 'connecting' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Finish connecting, Try again) runs it again.
  useEffect(() => {
    if (stateProblem) return;
    let isCurrent = true;
    const token = account.token ?? env.readToken();
    if (!token) {
      setResult({ phase: 'signed-out' });
      return;
    }
    account.adoptToken(token);
    setResult({ phase: 'connecting' });
    account.finishShopifyInstall(env.search).then(
      (answer) => {
        if (!isCurrent) return;
        // The state is spent: a reload of this address cannot connect again.
        env.sessionStorage.removeItem(SHOPIFY_STATE_KEY);
        setResult({ phase: 'connected', shop: answer.shop, name: answer.name, isReconnect: answer.isReconnect });
      },
      (e: unknown) => {
        if (!isCurrent) return;
        // 401 without a field is the session (ended); 401 on query.hmac is a forged return.
        if (isApiError(e) && e.code === STATUS_PROBLEM_CODES[401] && !e.problem.field) {
          account.dropToken();
          setResult({ phase: 'signed-out' });
          return;
        }
        setResult({ phase: 'failed', message: failureText(e, 'The store could not be connected.') });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [account, env, stateProblem, attempt]);

  let body: ReactNode;
  if (stateProblem) {
    body = (
      <>
        <ErrorLine role="alert">Error: {stateProblem}</ErrorLine>
        <WayBack />
      </>
    );
  } else if (result.phase === 'connecting') {
    body = <Spinner label={`Connecting ${shop}`} />;
  } else if (result.phase === 'signed-out') {
    body = (
      <div>
        <PageTitle>Sign in to finish</PageTitle>
        <p>Sign in to Junction to connect {shop} to your workspace. Then come back to this tab.</p>
        <Actions>
          <Button onClick={() => env.openTab('/')}>Sign in</Button>
          <Button variant="ghost" onClick={() => setAttempt((n) => n + 1)}>
            Finish connecting
          </Button>
        </Actions>
      </div>
    );
  } else if (result.phase === 'failed') {
    body = (
      <div>
        <ErrorLine role="alert">Error: {result.message}</ErrorLine>
        <Actions>
          <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
        </Actions>
      </div>
    );
  } else {
    body = (
      <div>
        <PageTitle>Store connected</PageTitle>
        <SuccessLine role="status">
          {result.isReconnect
            ? `${result.shop} is connected again: the account '${result.name}' has the new access token.`
            : `${result.shop} is connected: the account '${result.name}' is ready to use in your workflows.`}
        </SuccessLine>
        <Actions>
          <Button onClick={() => env.navigate(STOREFRONT_INTEGRATIONS_PATH)}>Open connections</Button>
        </Actions>
      </div>
    );
  }
  return <PageShell>{body}</PageShell>;
}

/**
 * Renders /shopify/admin/oauth/redirect_to_install with the text of forms-dp 2.1, then
 * forwards to the storefront-integrations page: from the top window when a shop query
 * parameter exists (the storefront's admin shows the page in a frame).
 */
export function ShopifyInstallRedirectPage() {
  const [params] = useSearchParams();
  const shop = params.get('shop');
  useEffect(() => {
    const timer = setTimeout(() => {
      const target = new URL(STOREFRONT_INTEGRATIONS_PATH, window.location.origin).toString();
      const frame = shop && window.top ? window.top : window;
      try {
        frame.location.href = target;
      } catch {
        // A cross-origin top window may refuse: forward this frame instead.
        window.location.href = target;
      }
    }, INSTALL_FORWARD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shop]);
  return (
    <PageShell>
      <p role="status">Finalizing install… redirecting into your app.</p>
    </PageShell>
  );
}
