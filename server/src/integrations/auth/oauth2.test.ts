import type { AppDefinition, HttpRequest } from '@junction/core';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../security/http-client.js';
import { buildAuthorizeUrl, exchangeCode, readOAuthSettings, refreshTokens } from './oauth2.js';

/** An HTTP client that records what it was asked to send and answers a token. */
function recordingClient(): { http: HttpClient; sent: HttpRequest[] } {
  const sent: HttpRequest[] = [];
  const http = {
    async send(request: HttpRequest) {
      sent.push(request);
      return { status: 200, headers: {}, body: { access_token: 'at', refresh_token: 'rt' }, durationMs: 1 };
    },
    async close() {},
  } as unknown as HttpClient;
  return { http, sent };
}

const app = (authInfo: AppDefinition['authInfo']) => ({ appSlug: 'acme', appName: 'Acme', authInfo });

describe('OAuth 2.0 settings the portal declares (forms-dp 3 "authInfo")', () => {
  const settings = readOAuthSettings(
    app({
      apiType: 'oauth2',
      clientInfo: { client_id: 'cid', client_secret: 'sec' },
      authRequestConfig: { url: 'https://acme.test/authorize', params: [{ key: 'prompt', value: 'consent' }] },
      accessRequestConfig: {
        url: 'https://acme.test/token',
        headers: [
          { key: 'X-Tenant', value: 'eu' },
          { key: 'Content-Type', value: 'application/json' },
        ],
        body: [{ key: 'audience', value: 'api' }],
      },
      refreshRequestConfig: { url: 'https://acme.test/refresh', body: [{ key: 'scope', value: 'read' }] },
    }),
  );
  if (typeof settings === 'string') throw new Error(settings);

  it('adds the extra authorize parameters to the consent address', () => {
    const url = new URL(buildAuthorizeUrl(settings, { redirectUri: 'https://j.test/cb', state: 's' }));
    expect(url.searchParams.get('prompt')).toBe('consent');
  });

  it('sends the token request headers and body rows with the code exchange', async () => {
    const { http, sent } = recordingClient();
    await exchangeCode(http, settings, { code: 'c', redirectUri: 'https://j.test/cb' });
    expect(sent[0]?.url).toBe('https://acme.test/token');
    expect(sent[0]?.headers).toMatchObject({ 'X-Tenant': 'eu', 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(new URLSearchParams(String(sent[0]?.body)).get('audience')).toBe('api');
  });

  it('refreshes at the separate refresh URL with its own body, and the token headers', async () => {
    const { http, sent } = recordingClient();
    await refreshTokens(http, settings, 'rt');
    expect(sent[0]?.url).toBe('https://acme.test/refresh');
    expect(sent[0]?.headers).toMatchObject({ 'X-Tenant': 'eu' });
    const body = new URLSearchParams(String(sent[0]?.body));
    expect([body.get('grant_type'), body.get('scope'), body.get('audience')]).toEqual(['refresh_token', 'read', null]);
  });

  it("reads a provider's instance_url of a million slashes at once and keeps only an https origin", async () => {
    const hostile = `https://${'/'.repeat(1_000_000)}x`;
    const http = {
      async send() {
        return { status: 200, headers: {}, body: { access_token: 'at', instance_url: hostile }, durationMs: 1 };
      },
      async close() {},
    } as unknown as HttpClient;
    const tokens = await exchangeCode(http, settings, { code: 'c', redirectUri: 'https://j/cb' });
    expect(tokens).not.toHaveProperty('instance_url');
    const fine = {
      async send() {
        return { status: 200, headers: {}, body: { access_token: 'at', instance_url: 'https://eu.acme.test//' } };
      },
      async close() {},
    } as unknown as HttpClient;
    expect(await exchangeCode(fine, settings, { code: 'c', redirectUri: 'https://j/cb' })).toMatchObject({
      instance_url: 'https://eu.acme.test',
    });
  });
});
