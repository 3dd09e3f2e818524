import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabases } from '../store/test-db.js';
import { openTestServices, type TestServices } from '../test-services.js';
import { type AuthContext, SECRET_SENTINEL } from '../kernel/types.js';

const CANARY = 'canary-7f3a9c-do-not-leak';

describe.each(openTestDatabases())('credentials on $dialect', (testDb) => {
  let t: TestServices;
  let ctx: AuthContext;
  beforeAll(async () => {
    t = await openTestServices(testDb);
    ({ ctx } = await t.signUp('creds@example.com'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every value the app does not mark public as the sentinel, whatever its name, and reveals them only through reveal', async () => {
    const created = await t.services.credentials.create(ctx, {
      app: 'demo-crm',
      name: 'Main CRM',
      values: { username: 'ada', api_key: CANARY },
    });
    expect(created).toMatchObject({
      app: 'demo-crm',
      name: 'Main CRM',
      lastUsed: null,
      userId: ctx.userId,
      tenantId: ctx.tenantId,
      values: { username: SECRET_SENTINEL, api_key: SECRET_SENTINEL },
    });
    expect(await t.services.credentials.get(ctx, created.id)).toEqual(created);
    const odd = await t.services.credentials.create(ctx, {
      app: 'demo-crm',
      values: { passphrase: 'correct horse', bearer: 'b-123456', pin: '4711' },
    });
    expect(odd.values).toEqual({ passphrase: SECRET_SENTINEL, bearer: SECRET_SENTINEL, pin: SECRET_SENTINEL });
    expect(await t.services.credentials.reveal(ctx, created.id)).toEqual({ username: 'ada', api_key: CANARY });
  });

  it('keeps the stored secret when the sentinel is sent back, and replaces it otherwise', async () => {
    const created = await t.services.credentials.create(ctx, {
      app: 'http',
      values: { token: 'first-token', region: 'eu' },
    });
    expect(created.name).toBe('http');
    const renamed = await t.services.credentials.update(ctx, created.id, {
      name: 'HTTP EU',
      values: { token: SECRET_SENTINEL, region: 'us' },
      lastUsed: '2025-06-02T08:00:00Z',
    });
    expect(renamed).toMatchObject({
      name: 'HTTP EU',
      lastUsed: '2025-06-02T08:00:00.000Z',
      values: { token: SECRET_SENTINEL, region: SECRET_SENTINEL },
    });
    expect(await t.services.credentials.reveal(ctx, created.id)).toEqual({ token: 'first-token', region: 'us' });
    await t.services.credentials.update(ctx, created.id, { values: { token: 'second-token' } });
    expect(await t.services.credentials.reveal(ctx, created.id)).toEqual({ token: 'second-token' });
    await expect(
      t.services.credentials.update(ctx, created.id, { values: { password: SECRET_SENTINEL } }),
    ).rejects.toMatchObject({
      status: 422,
      field: 'values.password',
    });
    await expect(t.services.credentials.create(ctx, { app: '', values: {} })).rejects.toMatchObject({
      status: 422,
      field: 'app',
    });
  });

  it('lists by app and deletes', async () => {
    const own = await t.services.credentials.create(ctx, { app: 'listed-app', values: { password: 'pw-for-list' } });
    expect((await t.services.credentials.list(ctx, { app: 'listed-app' })).map((c) => c.id)).toEqual([own.id]);
    await t.services.credentials.remove(ctx, own.id);
    expect(await t.services.credentials.list(ctx, { app: 'listed-app' })).toEqual([]);
    await expect(t.services.credentials.get(ctx, own.id)).rejects.toMatchObject({
      status: 404,
      detail: 'Credential not found.',
    });
  });

  it('never lets a stored secret out in a return value or a log line', async () => {
    const answers: unknown[] = [];
    const keep = async <T>(p: Promise<T>) => {
      const value = await p;
      answers.push(value);
      return value;
    };
    const created = await keep(
      t.services.credentials.create(ctx, {
        app: 'canary-app',
        values: { client_id: 'cid', client_secret: CANARY, refresh_token: CANARY },
      }),
    );
    await keep(t.services.credentials.get(ctx, created.id));
    await keep(t.services.credentials.list(ctx, {}));
    await keep(t.services.credentials.list(ctx, { app: 'canary-app' }));
    await keep(
      t.services.credentials.update(ctx, created.id, {
        name: 'Renamed',
        values: { client_id: 'cid2', client_secret: SECRET_SENTINEL, refresh_token: CANARY },
      }),
    );
    await keep(t.services.credentials.update(ctx, created.id, { lastUsed: new Date().toISOString() }));
    await keep(t.services.accounts.me(ctx));
    await keep(t.services.workflows.list(ctx));
    await keep(t.services.outbox.list());
    expect(answers).toHaveLength(9);
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(CANARY);
    expect(t.logLines.length).toBeGreaterThan(0);
    for (const line of t.logLines) expect(line).not.toContain(CANARY);
    // It is stored, though, and reveal gives it to the engine.
    expect(await t.services.credentials.reveal(ctx, created.id)).toMatchObject({
      client_secret: CANARY,
      refresh_token: CANARY,
    });
  });
});
