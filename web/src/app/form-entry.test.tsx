import { createApiClient, PROBLEM_MESSAGES } from '@junction/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRootStore } from '../stores/root-store.js';
import { AppProviders } from './AppProviders.js';
import { FormEntryPage, formAddress } from './form-entry.js';

afterEach(cleanup);

function renderAt(pathname: string) {
  const api = createApiClient({
    baseUrl: 'http://junction.test',
    fetch: async (request) =>
      new URL(request.url).pathname === '/api/public/forms/gone'
        ? new Response(JSON.stringify({ title: 'Not Found', status: 404 }), {
            status: 404,
            headers: { 'content-type': 'application/problem+json' },
          })
        : Promise.reject(new Error('no network in these tests')),
  });
  render(
    <AppProviders store={createRootStore({ api })}>
      <FormEntryPage pathname={pathname} />
    </AppProviders>,
  );
}

describe('the public form entry (form.html)', () => {
  it('reads the two form routes of forms-dp 2.1, exactly', () => {
    expect(formAddress('/form/f1')).toEqual({ formId: 'f1' });
    expect(formAddress('/form/new/')).toEqual({ formId: 'new' });
    expect(formAddress('/page/p%201')).toEqual({ pageId: 'p 1' });
    for (const other of ['/form/', '/form/a/b', '/Form/f1', '/pages/p1', '/']) expect(formAddress(other)).toBeNull();
  });

  it('shows a public form page at /form/{id} and /page/{id}', async () => {
    renderAt('/form/gone');
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The form could not be loaded. ${PROBLEM_MESSAGES['resource.not_found'].text}`,
    );
    cleanup();
    renderAt('/page/gone');
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The form could not be loaded. ${PROBLEM_MESSAGES['resource.not_found'].text}`,
    );
  });

  it('opens the standalone builder at /form/new, which asks a visitor without a session to sign in', async () => {
    renderAt('/form/new');
    expect((await screen.findByRole('alert')).textContent).toContain('Sign in to build forms.');
    expect(screen.getByRole('link', { name: 'Open Junction' }).getAttribute('href')).toBe('/');
  });
});
