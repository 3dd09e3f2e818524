import { isApiError } from '@junction/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../stores/root-store.js';
import { Spinner } from '../ui/index.js';
import { PageShell } from './PageShell.js';

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
  color: ${({ theme }) => theme.colors.secondary};
  font-weight: 600;
`;

/** The parts of `window` the hand-off touches (tests pass their own). */
export interface ShopifyBrowser {
  search: string;
  sessionStorage: Pick<Storage, 'setItem'>;
  navigate(url: string): void;
}

const realBrowser = (): ShopifyBrowser => ({
  search: window.location.search,
  sessionStorage: window.sessionStorage,
  navigate: (url) => window.location.assign(url),
});

/**
 * Renders /shopify (forms-dp 2.11): without shop, timestamp and hmac the red
 * 'Error: Missing required query params'; otherwise the server checks the link's HMAC, and
 * only then the browser goes to the shop's authorize page with a random state kept in
 * session storage. A refused link shows the server's reason in red.
 */
export function ShopifyAuthorizePage({ browser = realBrowser }: { browser?: () => ShopifyBrowser }) {
  const [params] = useSearchParams();
  const api = useApi();
  const hasParams = hasRequiredShopifyParams(params);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!hasParams) return;
    let isCurrent = true;
    const env = browser();
    api.post('/api/public/shopify/install', { body: { query: env.search } }).then(
      (answer) => {
        if (!isCurrent) return;
        const state = randomState();
        env.sessionStorage.setItem(SHOPIFY_STATE_KEY, state);
        env.navigate(withState(answer.authorizeUrl, state));
      },
      (e: unknown) => {
        if (!isCurrent) return;
        setError(
          isApiError(e) && !e.isNetworkError
            ? e.message
            : 'The install link could not be checked (network error). Reload the page to try again.',
        );
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, browser, hasParams]);
  return (
    <PageShell>
      {!hasParams ? (
        <ErrorLine role="alert">Error: Missing required query params</ErrorLine>
      ) : error ? (
        <ErrorLine role="alert">Error: {error}</ErrorLine>
      ) : (
        <Spinner label="Checking the install link" />
      )}
    </PageShell>
  );
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
