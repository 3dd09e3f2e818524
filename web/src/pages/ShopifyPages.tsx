import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageShell } from './PageShell.js';

/** The query parameters the storefront sends on an install (forms-dp 8). */
export const REQUIRED_SHOPIFY_PARAMS = ['shop', 'timestamp', 'hmac'] as const;

/** Tells whether a storefront install link carries shop, timestamp and hmac, all non-empty. */
export function hasRequiredShopifyParams(params: URLSearchParams): boolean {
  return REQUIRED_SHOPIFY_PARAMS.every((name) => Boolean(params.get(name)));
}

const ErrorLine = styled.p`
  color: ${({ theme }) => theme.colors.secondary};
  font-weight: 600;
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Renders /shopify: the error of forms-dp 8 when the install link lacks its parameters.
 * The authorize redirect itself (forms-dp 2.11) needs a storefront client id this server
 * does not have yet, so the page says so instead of pretending to redirect.
 */
export function ShopifyAuthorizePage() {
  const [params] = useSearchParams();
  return (
    <PageShell>
      {hasRequiredShopifyParams(params) ? (
        <Note>Storefront authorization is not available on this server yet.</Note>
      ) : (
        <ErrorLine role="alert">Error: Missing required query params</ErrorLine>
      )}
    </PageShell>
  );
}

/** Renders /shopify/admin/oauth/redirect_to_install with the text of forms-dp 2.1. */
export function ShopifyInstallRedirectPage() {
  return (
    <PageShell>
      <p role="status">Finalizing install… redirecting into your app.</p>
    </PageShell>
  );
}
