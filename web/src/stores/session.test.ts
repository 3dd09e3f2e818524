import { type ApiClient, createServerState } from '@junction/core';
import { describe, expect, it, vi } from 'vitest';
import {
  editorGate,
  establishSession,
  exitHref,
  readEditorAddress,
  type SessionPlatform,
  TOKEN_STORAGE_KEY,
  withParam,
} from './session.js';

function fakePlatform(search: string, stored: Record<string, string> = {}) {
  const items = new Map(Object.entries(stored));
  const state = { search };
  const platform: SessionPlatform = {
    storage: {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    },
    readSearch: () => state.search,
    replaceSearch: (next) => {
      state.search = next;
    },
  };
  return { platform, items, state };
}

function fakeApi() {
  let token: string | null = null;
  const post = vi.fn(async () => ({ token: 'session-1' }));
  const api = {
    post,
    setToken: (t: string | null) => {
      token = t;
    },
    getToken: () => token,
  } as unknown as ApiClient;
  return { api, server: createServerState(api), post };
}

describe('readEditorAddress (editor-core 2.1)', () => {
  it('reads id, u, t, c, template_id and invitationToken; blanks count as missing', () => {
    expect(readEditorAddress('?id=wf&u=user&t=ten&c=tok&template_id=tpl&invitationToken=inv')).toEqual({
      id: 'wf',
      userId: 'user',
      tenantId: 'ten',
      exchangeToken: 'tok',
      templateId: 'tpl',
      invitationToken: 'inv',
    });
    expect(readEditorAddress('?id=&c=%20').id).toBeNull();
    expect(readEditorAddress('').exchangeToken).toBeNull();
  });
});

describe('editorGate (onboarding 2 "Editor canvas", 6)', () => {
  const gate = (search: string, hasSession: boolean) => editorGate(readEditorAddress(search), hasSession);
  it('opens the sign-up modal only when u is missing and there is no template_id', () => {
    expect(gate('', false)).toBe('sign-up');
    expect(gate('?id=wf&template=2', false)).toBe('sign-up');
    expect(gate('?u=user', false)).toBe('log-in');
    expect(gate('?u=user&template_id=tpl', false)).toBe('log-in');
    expect(gate('?template_id=tpl', false)).toBe('template');
  });
  it('loads the editor whenever a session is at hand or a c is to be exchanged', () => {
    expect(gate('', true)).toBe('session');
    expect(gate('?template_id=tpl', true)).toBe('session');
    expect(gate('?c=once', false)).toBe('session');
  });
});

describe('withParam and exitHref', () => {
  it('sets and removes one parameter, keeping the others', () => {
    expect(withParam('?id=1&c=x&u=2', 'c', null)).toBe('?id=1&u=2');
    expect(withParam('?c=x', 'c', null)).toBe('');
    expect(withParam('?u=2', 'id', 'wf 1')).toBe('?u=2&id=wf+1');
  });

  it('sends the exit button to /workflows with the token', () => {
    expect(exitHref('a&b')).toBe('/workflows?c=a%26b');
    expect(exitHref(null)).toBe('/workflows');
  });
});

describe('establishSession', () => {
  it('exchanges c once, stores the session and removes c from the address', async () => {
    const { api, server, post } = fakeApi();
    const { platform, items, state } = fakePlatform('?id=wf&c=one-time');
    expect(await establishSession(server, platform)).toBe('session-1');
    expect(post).toHaveBeenCalledWith('/api/auth/exchange', { body: { token: 'one-time' } });
    expect(items.get(TOKEN_STORAGE_KEY)).toBe('session-1');
    expect(state.search).toBe('?id=wf');
    expect(api.getToken()).toBe('session-1');
    // A reload finds no c and uses the stored token without another exchange.
    expect(await establishSession(server, platform)).toBe('session-1');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('uses a stored token, and answers null without one', async () => {
    const stored = fakeApi();
    expect(
      await establishSession(stored.server, fakePlatform('?id=wf', { [TOKEN_STORAGE_KEY]: 'kept' }).platform),
    ).toBe('kept');
    expect(stored.api.getToken()).toBe('kept');
    const none = fakeApi();
    expect(await establishSession(none.server, fakePlatform('?id=wf').platform)).toBeNull();
  });
});
