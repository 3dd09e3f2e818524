import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepos } from '../repos/index.js';
import { type OpenTestDatabase, openTestDatabases } from '../test-db.js';

const user = (id: string, email: string) => ({
  id,
  email,
  name: '',
  password_hash: 'x',
  email_verified: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe.each(openTestDatabases())('one account per address on $dialect', (testDb) => {
  let opened: OpenTestDatabase;
  beforeAll(async () => {
    opened = await testDb.open();
  });
  afterAll(() => opened?.close());

  it('refuses a second account differing only by case, even written past the repository', async () => {
    await opened.db.insertInto('users').values(user('u1', 'ops@example.com')).execute();
    await expect(opened.db.insertInto('users').values(user('u2', 'OPS@example.com')).execute()).rejects.toThrow();
    await expect(opened.db.insertInto('users').values(user('u3', 'Ops@Example.Com')).execute()).rejects.toThrow();
    const rows = await opened.db.selectFrom('users').select('id').execute();
    expect(rows.map((r) => r.id)).toEqual(['u1']);
  });

  it('stores and finds accounts in the normalised form', async () => {
    const repos = createRepos(opened.db);
    await repos.users.insert({
      id: 'u4',
      email: '  Grace@Example.ORG ',
      name: '',
      passwordHash: 'x',
      emailVerified: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect((await repos.users.findByEmail('grace@example.org'))?.id).toBe('u4');
    expect((await repos.users.findByEmail(' GRACE@example.org'))?.id).toBe('u4');
    expect((await repos.users.findById('u4'))?.email).toBe('grace@example.org');
  });
});
