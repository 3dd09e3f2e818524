/**
 * OAuth client settings of the catalogue apps: the operator's
 * JUNCTION_OAUTH_<APP>_CLIENT_ID/SECRET (or the Google / Microsoft family keys) start the
 * real provider's consent page for a catalogue app; without them the pop-up says so; the
 * secret never reaches the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import { oauthClientEnvKeys, withOAuthClient } from '../../server/src/integrations/catalogue/oauth-clients.js';
import { type Account, type ApiHarness, openHarness, openTestDatabases, popupTicket, signUp } from '../api/harness.js';

const googleSheetsApp = catalogueApp('google-sheets');
const microsoftTeamsApp = catalogueApp('microsoft-teams');
const slackApp = catalogueApp('slack');

const SECRET = 'GOCSPX-catalogue-secret';
const ENV_KEYS = ['JUNCTION_OAUTH_GOOGLE_CLIENT_ID', 'JUNCTION_OAUTH_GOOGLE_CLIENT_SECRET'];

describe('catalogue OAuth clients', () => {
  const [sqlite] = openTestDatabases();
  let h: ApiHarness;
  let a: Account;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    for (const key of ENV_KEYS) saved[key] = process.env[key];
    h = await openHarness(sqlite);
    a = await signUp(h, 'oauth-catalogue');
  });
  afterAll(async () => {
    for (const key of ENV_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await h?.close();
  });

  it('reads the app key first, then the provider family key', () => {
    expect(oauthClientEnvKeys(googleSheetsApp)).toEqual(['JUNCTION_OAUTH_GOOGLE_SHEETS', 'JUNCTION_OAUTH_GOOGLE']);
    expect(oauthClientEnvKeys(microsoftTeamsApp)).toEqual([
      'JUNCTION_OAUTH_MICROSOFT_TEAMS',
      'JUNCTION_OAUTH_MICROSOFT',
    ]);
    expect(oauthClientEnvKeys(slackApp)).toEqual(['JUNCTION_OAUTH_SLACK']);
    const env = {
      JUNCTION_OAUTH_GOOGLE_CLIENT_ID: 'family-id',
      JUNCTION_OAUTH_GOOGLE_SHEETS_CLIENT_ID: 'sheets-id',
      JUNCTION_OAUTH_GOOGLE_SHEETS_CLIENT_SECRET: 's',
    };
    expect(withOAuthClient(googleSheetsApp, env).authInfo.clientInfo).toEqual({
      client_id: 'sheets-id',
      client_secret: 's',
    });
    expect(withOAuthClient(slackApp, env)).toBe(slackApp);
    expect(googleSheetsApp.authInfo.clientInfo).toBeUndefined();
  });

  it('without settings, the pop-up says the app has no client id', async () => {
    delete process.env.JUNCTION_OAUTH_GOOGLE_CLIENT_ID;
    const res = await h.call('GET', `/auth/google-sheets?uid=${a.userId}&ticket=${await popupTicket(h, a)}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Google Sheets has no client id.');
  });

  it("with the family settings, starts Google's consent page with offline access and the app's scopes", async () => {
    process.env.JUNCTION_OAUTH_GOOGLE_CLIENT_ID = '1234.apps.googleusercontent.com';
    process.env.JUNCTION_OAUTH_GOOGLE_CLIENT_SECRET = SECRET;
    const res = await h.call('GET', `/auth/google-sheets?uid=${a.userId}&ticket=${await popupTicket(h, a)}`);
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: '1234.apps.googleusercontent.com',
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      scope: googleSheetsApp.authInfo.scopes,
      redirect_uri: `${h.config.publicUrl}/auth/google-sheets/redirect`,
    });
    expect(String(res.headers.location)).not.toContain(SECRET);
    const definition = await h.call('GET', '/api/apps/google-sheets', { token: a.token });
    expect(definition.status).toBe(200);
    expect(definition.text).not.toContain(SECRET);
    expect(definition.text).not.toContain('1234.apps.googleusercontent.com');
  });
});
