import { describe, expect, it } from 'vitest';
import { accountFormFields, publicCredentialKeys, splitCredentialValues } from './credential-fields.js';

describe('credential fields', () => {
  it('keeps every value secret unless the app marks its field public, whatever its name', () => {
    const app = {
      authInfo: {
        apiType: 'apikey' as const,
        apikeyFormFields: [
          { key: 'shop', title: 'Shop', public: true },
          { key: 'region', public: true },
          { key: 'passphrase' },
          { key: 'bearer' },
          { key: 'pin' },
          { key: 'username', public: false },
        ],
      },
    };
    expect(
      splitCredentialValues(app, { shop: 'acme', region: 'eu', passphrase: 'p1', bearer: 'b1', pin: '1234', username: 'u' }),
    ).toEqual({
      secrets: { passphrase: 'p1', bearer: 'b1', pin: '1234', username: 'u' },
      publicValues: { shop: 'acme', region: 'eu' },
    });
    // Values the form never asked for are secret too.
    expect(splitCredentialValues(app, { anything: 'x' }).secrets).toEqual({ anything: 'x' });
  });

  it('treats every value as secret for an unknown app or one without auth fields', () => {
    expect(splitCredentialValues(undefined, { host: 'h', user: 'u' })).toEqual({
      secrets: { host: 'h', user: 'u' },
      publicValues: {},
    });
  });

  it("leaves an OAuth 2.0 token answer's facts public, its tokens secret", () => {
    const keys = publicCredentialKeys({ authInfo: { apiType: 'oauth2', oauthFormFields: [] } });
    expect([...keys].sort()).toEqual(['expires_at', 'instance_url', 'organization', 'owner', 'scope', 'token_type']);
    expect(keys.has('access_token')).toBe(false);
    expect(keys.has('refresh_token')).toBe(false);
    expect(publicCredentialKeys({ authInfo: { apiType: 'apikey' } }).has('expires_at')).toBe(false);
  });
});

describe('accountFormFields (editor-core 2.5)', () => {
  it("asks for the fields of the app's scheme, and none for OAuth 2.0 or an app without auth", () => {
    const apikey = [{ key: 'api_key', title: 'API key' }];
    expect(accountFormFields({ authInfo: { apiType: 'apikey', apikeyFormFields: apikey } })).toEqual(apikey);
    expect(accountFormFields({ authInfo: { apiType: 'customCode', customCodeFormFields: apikey } })).toEqual(apikey);
    expect(accountFormFields({ authInfo: { apiType: 'oauth2', oauthFormFields: apikey } })).toEqual([]);
    expect(accountFormFields({})).toEqual([]);
    expect(accountFormFields(null)).toEqual([]);
  });

  it('asks a basic app without its own fields for username and password', () => {
    const fields = accountFormFields({ authInfo: { apiType: 'basic' } });
    expect(fields).toEqual([
      { key: 'username', title: 'Username' },
      { key: 'password', title: 'Password' },
    ]);
    // A copy: changing it does not change the next form.
    fields[0].title = 'Login';
    expect(accountFormFields({ authInfo: { apiType: 'basic' } })[0].title).toBe('Username');
    const own = [{ key: 'pin', title: 'PIN' }];
    expect(accountFormFields({ authInfo: { apiType: 'basic', basicFormFields: own } })).toEqual(own);
  });
});
