import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../mail/test-smtp.js';
import { openTestDatabases } from '../store/test-db.js';
import { CODE_TTL_MS, SESSION_TTL_MS } from './accounts.js';
import { openTestServices, TEST_PASSWORD, type TestServices } from '../test-services.js';

const codeIn = (text: string) => /\b(\d{4})\b/.exec(text)?.[1] ?? '';

describe.each(openTestDatabases())('accounts on $dialect', (testDb) => {
  let smtp: TestSmtpServer;
  let t: TestServices;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await openTestServices(testDb, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('signs up, verifies the mailed code, logs in, shows me, logs out', async () => {
    const grant = await t.services.accounts.signUp({
      email: 'Ada@Example.com',
      password: TEST_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(grant.user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', emailVerified: false });
    expect(grant.tenant).toMatchObject({ name: 'My First Workspace', plan: 'free', planStatus: 'active' });
    expect(grant.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const ctx = await t.services.accounts.authenticate(grant.token);
    expect(ctx).toMatchObject({ userId: grant.user.id, tenantId: grant.tenant.id });
    const workflows = (await t.services.workflows.list(ctx!)).items;
    expect(workflows).toEqual([
      expect.objectContaining({ id: grant.workflowId, name: 'Untitled Workflow (Draft)', active: false }),
    ]);

    const mail = await smtp.waitForMail('ada@example.com');
    expect(mail.subject).toBe('Your Junction verification code');
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{4}$/);
    const verified = await t.services.accounts.verifyCode(ctx!, code);
    expect(verified.emailVerified).toBe(true);

    const login = await t.services.accounts.logIn({ email: 'ADA@example.com', password: TEST_PASSWORD });
    expect(login.user.emailVerified).toBe(true);
    expect(login.tenant.id).toBe(grant.tenant.id);
    const loginCtx = await t.services.accounts.authenticate(login.token);
    const me = await t.services.accounts.me(loginCtx!);
    expect(me).toMatchObject({
      id: grant.user.id,
      email: 'ada@example.com',
      currentTenantId: grant.tenant.id,
      tenants: [{ role: 'owner', tenant: { id: grant.tenant.id, name: 'My First Workspace' } }],
    });
    expect(JSON.stringify(me)).not.toContain('argon2');

    await t.services.accounts.logOut(loginCtx!);
    expect(await t.services.accounts.authenticate(login.token)).toBeNull();
    // The sign-up session is a different one and still works.
    expect(await t.services.accounts.authenticate(grant.token)).not.toBeNull();
  });

  it("rejects a bad e-mail, a bad password and a taken e-mail with the spec's messages", async () => {
    await expect(t.services.accounts.signUp({ email: 'not-an-email', password: TEST_PASSWORD })).rejects.toMatchObject({
      status: 422,
      detail: 'Invalid Email',
      field: 'email',
    });
    await expect(t.services.accounts.signUp({ email: 'short@example.com', password: 'abc' })).rejects.toMatchObject({
      status: 422,
      detail: 'Password must be between 12 and 512 characters.',
      field: 'password',
    });
    await expect(
      t.services.accounts.signUp({ email: 'digits@example.com', password: '123456789012' }),
    ).rejects.toMatchObject({
      status: 422,
      detail: 'Password must contain at least one Alphabet character.',
      field: 'password',
    });
    await expect(
      t.services.accounts.signUp({ email: 'repeats@example.com', password: 'abcaaa789012' }),
    ).rejects.toMatchObject({
      status: 422,
      detail: "Password can't have more than 3 repeating characters.",
      field: 'password',
    });
    await expect(t.services.accounts.signUp({ email: 'blank@example.com', password: '' })).rejects.toMatchObject({
      status: 422,
      detail: "Password can't be blank.",
      field: 'password',
    });
    await t.signUp('taken@example.com');
    await expect(
      t.services.accounts.signUp({ email: 'TAKEN@example.com', password: TEST_PASSWORD }),
    ).rejects.toMatchObject({
      status: 409,
      detail: 'An account with this e-mail already exists.',
      field: 'email',
    });
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    await t.signUp('grace@example.com');
    const wrong = await t.services.accounts
      .logIn({ email: 'grace@example.com', password: 'not the password at all' })
      .catch((e) => e);
    const unknown = await t.services.accounts
      .logIn({ email: 'nobody@example.com', password: TEST_PASSWORD })
      .catch((e) => e);
    expect(wrong).toMatchObject({ status: 401, detail: 'Wrong e-mail or password.' });
    expect(unknown).toMatchObject({ status: 401, detail: 'Wrong e-mail or password.' });
  });

  it('refuses a wrong code, then voids the code after 5 attempts', async () => {
    const { ctx } = await t.signUp('tries@example.com');
    const code = codeIn((await smtp.waitForMail('tries@example.com')).text);
    const wrong = code === '0000' ? '0001' : '0000';
    for (let i = 0; i < 5; i++) {
      await expect(t.services.accounts.verifyCode(ctx, wrong)).rejects.toMatchObject({
        status: 422,
        detail: 'Wrong code.',
        field: 'code',
      });
    }
    await expect(t.services.accounts.verifyCode(ctx, code)).rejects.toMatchObject({
      status: 410,
      detail: 'The code has expired. Request a new one.',
    });
    await t.services.accounts.sendCode(ctx);
    const fresh = codeIn((await smtp.waitForMail('tries@example.com')).text);
    await expect(t.services.accounts.verifyCode(ctx, fresh)).resolves.toMatchObject({ emailVerified: true });
  });

  it('expires a code after 15 minutes', async () => {
    const { ctx } = await t.signUp('late@example.com');
    const code = codeIn((await smtp.waitForMail('late@example.com')).text);
    t.advance(CODE_TTL_MS + 1);
    await expect(t.services.accounts.verifyCode(ctx, code)).rejects.toMatchObject({
      status: 410,
      detail: 'The code has expired. Request a new one.',
    });
  });

  it('ends a session after 30 days, even one used every few days (the idle timeout is 7 days)', async () => {
    const { grant } = await t.signUp('month@example.com');
    const sixDays = 6 * 24 * 60 * 60 * 1000;
    for (let used = 0; used + sixDays < SESSION_TTL_MS - 60_000; used += sixDays) {
      t.advance(sixDays);
      expect(await t.services.accounts.authenticate(grant.token)).not.toBeNull();
    }
    t.advance(SESSION_TTL_MS - 60_000 - 4 * sixDays);
    expect(await t.services.accounts.authenticate(grant.token)).not.toBeNull();
    t.advance(60_000);
    expect(await t.services.accounts.authenticate(grant.token)).toBeNull();
    expect(await t.services.accounts.authenticate('not-a-token')).toBeNull();
  });

  it('mails a sign-in link whose token works once', async () => {
    const { grant } = await t.signUp('link@example.com');
    await smtp.waitForMail('link@example.com');
    await t.services.accounts.sendSignInLink('LINK@example.com', (c) => `http://127.0.0.1:5000/signup?c=${c}`);
    const mail = await smtp.waitForMail('link@example.com');
    expect(mail.subject).toBe('Your Junction sign-in link');
    const token = /[?&]c=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    expect(token).toHaveLength(43);

    const session = await t.services.accounts.exchangeToken(token);
    expect(session.user).toMatchObject({ id: grant.user.id, emailVerified: true });
    expect(session.tenant.id).toBe(grant.tenant.id);
    expect(await t.services.accounts.authenticate(session.token)).not.toBeNull();
    await expect(t.services.accounts.exchangeToken(token)).rejects.toMatchObject({ status: 401 });

    // No account: resolves all the same, and no mail leaves.
    const before = smtp.received.length;
    await expect(t.services.accounts.sendSignInLink('ghost@example.com', (c) => `x?c=${c}`)).resolves.toBeUndefined();
    expect(smtp.received.length).toBe(before);
  });
});

describe('accounts without SMTP', () => {
  it('keeps the code mail in the outbox, and the log names a redacted address without the code', async () => {
    const [sqlite] = openTestDatabases();
    const t = await openTestServices(sqlite!, { devOutbox: true });
    try {
      await t.signUp('dev@example.com');
      const [mail] = await t.services.outbox.list();
      expect(mail).toMatchObject({ to: 'dev@example.com', subject: 'Your Junction verification code' });
      const code = codeIn(mail!.text);
      expect(t.logLines.some((line) => line.includes(code) || line.includes('dev@example.com'))).toBe(false);
      expect(t.logLines.some((line) => line.includes('d***@example.com'))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('prints the code in the log with MAIL_LOG on', async () => {
    const [sqlite] = openTestDatabases();
    const t = await openTestServices(sqlite!, { mailLog: true });
    try {
      await t.signUp('dev@example.com');
      expect(
        t.logLines.some((line) => /verification code is \d{4}/.test(line) && line.includes('dev@example.com')),
      ).toBe(true);
    } finally {
      await t.close();
    }
  });
});
