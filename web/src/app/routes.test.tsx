import { createApiClient } from '@junction/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createRootStore } from '../stores/root-store.js';
import { AppProviders } from './AppProviders.js';
import { appRoutes } from './routes.js';

afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const api = createApiClient({
    baseUrl: 'http://junction.test',
    fetch: () => Promise.reject(new Error('no network in route tests')),
  });
  render(
    <AppProviders store={createRootStore({ api })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app routes', () => {
  it('redirects an unknown path to /404 and shows the not-found texts', async () => {
    const router = renderAt('/nope');
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByText('Oh No! Ouch...beep..boop...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('redirects a path that only starts like a route (exact matches only)', async () => {
    const router = renderAt('/workflows/extra');
    await screen.findByText('404 Page Not Found');
    expect(router.state.location.pathname).toBe('/404');
  });

  it('opens the sign-up modal on / without a session (onboarding 2)', async () => {
    renderAt('/');
    expect(await screen.findByRole('dialog', { name: 'Create your free account' })).toBeTruthy();
    // The modal hides the page behind it from assistive technology; the page's h1 stays.
    expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Workflow Editor');
    expect(screen.getByText('No credit card to start')).toBeTruthy();
  });

  it.each(['/workflows', '/connections', '/settings', '/profile', '/support', '/dashboard', '/executions/ex-1'])(
    'asks to sign in on the dashboard page %s without a session',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Sign in to continue' }, { timeout: 10_000 })).toBeTruthy();
    },
  );

  it.each(['/dashboard', '/workflows'])(
    'loads the dashboard page %s before drawing it, without the page spinner (no Suspense reveal to hold it back)',
    async (path) => {
      renderAt(path);
      const seenSpinner = () => screen.queryByRole('status', { name: 'Loading page' }) !== null;
      let spun = seenSpinner();
      const observer = new MutationObserver(() => {
        spun ||= seenSpinner();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      await screen.findByRole('heading', { name: 'Sign in to continue' }, { timeout: 10_000 });
      observer.disconnect();
      expect(spun).toBe(false);
    },
  );

  it('serves the developer portal on /develop routes (its own tests live in web/src/portal)', async () => {
    renderAt('/develop/');
    // The portal may be loaded on demand: allow for the chunk.
    expect(await screen.findByRole('heading', { name: 'Apps' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add App' })).toBeTruthy();
  });

  // The /shopify pages are a lazy chunk: wait for the page, not just the route's spinner.
  it('shows the /shopify error in red when shop, timestamp or hmac is missing', async () => {
    renderAt('/shopify?shop=acme.myshopify.com&timestamp=1700000000');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'Error: Missing required query params',
    );
  });

  it('shows no error on /shopify when all three parameters are present', async () => {
    renderAt('/shopify?shop=acme.myshopify.com&timestamp=1700000000&hmac=abc');
    await screen.findByRole('status', { name: 'Checking the install link' }, { timeout: 10_000 });
    expect(screen.queryByText('Error: Missing required query params')).toBeNull();
  });

  it('shows the install hand-off text', async () => {
    renderAt('/shopify/admin/oauth/redirect_to_install?shop=acme.myshopify.com');
    expect(
      await screen.findByText('Finalizing install… redirecting into your app.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('keeps the app alive after navigating from a redirect back to a real route', async () => {
    const router = renderAt('/missing');
    await screen.findByText('404 Page Not Found');
    await act(() => router.navigate('/workflows'));
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' }, { timeout: 10_000 })).toBeTruthy();
  });
});
