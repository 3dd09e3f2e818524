/**
 * App logos by upload (forms-dp 3 "App Logo": an upload or a URL): the raw image of the
 * workspace's own app is stored, its iconURL and listing icon then name it, and it is served
 * publicly with its type read from the bytes; SVG, other files and large images are refused;
 * built-in apps cannot be changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ApiHarness, openHarness, openTestDatabases, signUp } from '../api/harness.js';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const octets = { 'content-type': 'application/octet-stream' };

describe.each(openTestDatabases())('app logos on $dialect', (testDb) => {
  let h: ApiHarness;
  let a: Account;
  const slug = `logo-app-${Date.now()}`;

  beforeAll(async () => {
    h = await openHarness(testDb);
    a = await signUp(h, 'logos');
    const created = await h.call('POST', '/api/apps', {
      token: a.token,
      body: { appSlug: slug, appName: 'Logo App', actions: {}, triggers: {}, authInfo: {} },
    });
    expect(created.status, created.text).toBe(201);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stores an uploaded PNG, points the app and its listing at it, and serves it', async () => {
    const uploaded = await h.call('PUT', `/api/apps/${slug}/icon`, { token: a.token, raw: PNG, headers: octets });
    expect(uploaded.status, uploaded.text).toBe(200);
    const iconURL = uploaded.json.iconURL as string;
    expect(iconURL).toMatch(new RegExp(`^/api/apps/${slug}/icon\\?v=[0-9a-f]{12}$`));
    expect((await h.call('GET', `/api/apps/${slug}`, { token: a.token })).json.iconURL).toBe(iconURL);
    expect((await h.call('GET', `/api/apps/${slug}/listing`, { token: a.token })).json.icon).toBe(iconURL);
    const listed = (await h.call('GET', '/api/apps', { token: a.token })).json.items.find(
      (app: { appSlug: string }) => app.appSlug === slug,
    );
    expect(listed.iconURL).toBe(iconURL);

    const served = await h.app.inject({ method: 'GET', url: iconURL });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(served.rawPayload).equals(PNG)).toBe(true);
  });

  it('refuses SVG, other files, large images and built-in apps', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await h.call('PUT', `/api/apps/${slug}/icon`, { token: a.token, raw: svg, headers: octets });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ field: 'icon', detail: 'The App Logo must be a PNG, JPEG, GIF or WebP image.' });
    const large = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    const tooLarge = await h.call('PUT', `/api/apps/${slug}/icon`, { token: a.token, raw: large, headers: octets });
    expect(tooLarge.status).toBe(422);
    const builtin = await h.call('PUT', '/api/apps/demo-crm/icon', { token: a.token, raw: PNG, headers: octets });
    expect(builtin.status).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/apps/demo-crm/icon' })).statusCode).toBe(404);
  });
});
