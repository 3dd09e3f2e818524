/** Test helpers: a fake server behind the real API client, and the app's providers (forms, portal and link panel tests). */
import { createApiClient } from '@junction/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRootStore } from '../stores/root-store.js';
import { AppProviders } from './AppProviders.js';

/** One recorded call to the fake server. */
export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/** A route of the fake server: answers a status and a JSON body. */
export type FakeRoute = (
  call: FakeCall,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** Renders `ui` with the app's providers over a fake server; answers the calls it saw. */
export function renderWithServer(ui: ReactNode, routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const api = createApiClient({
    baseUrl: 'http://junction.test',
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const text = await request.text();
      const call = { method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const route = routes[`${request.method} ${url.pathname}`];
      const answer = route
        ? await route(call)
        : { status: 404, body: { type: 'about:blank', title: 'Not Found', status: 404 } };
      const isProblem = answer.status >= 400;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': isProblem ? 'application/problem+json' : 'application/json' },
      });
    },
  });
  const store = createRootStore({ api });
  const result = render(<AppProviders store={store}>{ui}</AppProviders>);
  return { ...result, calls, api };
}
