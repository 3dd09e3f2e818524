import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../kernel/logger.js';
import { createMailer, MAIL_LOG_WARNING, redactAddress } from './mailer.js';
import { createCodeMail, createSignInLinkMail } from './templates.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp.js';

function captureLogger() {
  const lines: string[] = [];
  const write = (fields: object, message?: string) => lines.push(JSON.stringify({ ...fields, msg: message }));
  const logger: Logger = { info: write, warn: write, error: write };
  return { logger, lines };
}

describe('mailer over SMTP', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers the code mail with the 4 digits to a real SMTP peer', async () => {
    const { logger } = captureLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Junction <no-reply@junction.local>' }, { logger });
    expect(mailer.mode).toBe('smtp');
    await mailer.send({ to: 'ada@example.com', ...createCodeMail('0427', 15) });
    const mail = await smtp.waitForMail('ada@example.com');
    expect(mail.subject).toBe('Your Junction verification code');
    expect(mail.from).toBe('no-reply@junction.local');
    expect(/\b(\d{4})\b/.exec(mail.text)?.[1]).toBe('0427');
    expect(mailer.listOutbox()).toEqual([]);
    await mailer.close();
  });

  it('delivers a long sign-in link intact', async () => {
    const { logger } = captureLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'no-reply@junction.local' }, { logger });
    const link = `http://127.0.0.1:5000/signin?c=${'A1b2_C3d4-'.repeat(6)}&next=%2Fworkflow`;
    await mailer.send({ to: 'grace@example.com', ...createSignInLinkMail(link, 30) });
    const mail = await smtp.waitForMail('grace@example.com');
    expect(mail.subject).toBe('Your Junction sign-in link');
    expect(mail.text).toContain(link);
    await mailer.close();
  });
});

describe('mailer without SMTP', () => {
  it('logs that a mail to a redacted address could not be delivered, never its code, unless MAIL_LOG is on', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ mailFrom: 'no-reply@junction.local' }, { logger });
    expect(mailer.mode).toBe('outbox');
    await mailer.send({ to: 'ada@example.com', ...createCodeMail('4821', 15) });
    const link = 'http://127.0.0.1:5000/?c=Secret-Link-Token_123';
    await mailer.send({ to: 'grace@example.com', ...createSignInLinkMail(link, 30) });
    const log = lines.join('\n');
    expect(log).not.toContain('4821');
    expect(log).not.toContain('Secret-Link-Token_123');
    expect(log).not.toContain('ada@example.com');
    expect(log).toContain('Mail to a***@example.com could not be delivered: SMTP_URL is not set');
    expect(log).toContain('Mail to g***@example.com could not be delivered: SMTP_URL is not set');
    expect(log).not.toContain('MAIL_LOG=on:');
    expect(mailer.listOutbox()).toEqual([]);
  });

  it('with MAIL_LOG on writes the code and the link in the log line, and warns at start', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ mailFrom: 'no-reply@junction.local', mailLog: true }, { logger });
    expect(lines).toEqual([expect.stringContaining(MAIL_LOG_WARNING)]);
    await mailer.send({ to: 'ada@example.com', ...createCodeMail('4821', 15) });
    expect(lines.some((line) => line.includes('4821') && line.includes('ada@example.com'))).toBe(true);
    expect(mailer.listOutbox()).toEqual([]);
  });

  it('keeps mails in the development outbox when it is turned on, and out of the log', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer(
      { mailFrom: 'no-reply@junction.local', devOutbox: true },
      { logger, now: () => Date.parse('2025-03-01T10:00:00Z') },
    );
    expect(mailer.mode).toBe('outbox');
    await mailer.send({ to: 'ada@example.com', ...createCodeMail('9051', 15) });
    expect(mailer.listOutbox()).toEqual([
      {
        id: expect.any(String),
        to: 'ada@example.com',
        subject: 'Your Junction verification code',
        text: expect.stringContaining('9051'),
        sentAt: '2025-03-01T10:00:00.000Z',
      },
    ]);
    expect(lines.join('\n')).not.toContain('9051');
    expect(lines.join('\n')).toContain('a***@example.com');
  });

  it('keeps codes out of a production log, MAIL_LOG or not', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer(
      { mailFrom: 'no-reply@junction.local', env: 'production', devOutbox: true, mailLog: true },
      { logger },
    );
    await mailer.send({ to: 'ada@example.com', ...createCodeMail('7315', 15) });
    // Production keeps no outbox even when asked for one.
    expect(mailer.listOutbox()).toEqual([]);
    expect(lines.some((line) => line.includes('a***@example.com'))).toBe(true);
    expect(lines.join('\n')).not.toContain('7315');
  });

  it('redacts an address to its first letter and its domain', () => {
    expect(redactAddress('ada@example.com')).toBe('a***@example.com');
    expect(redactAddress('x@y.org')).toBe('x***@y.org');
    expect(redactAddress('no-at-sign')).toBe('***');
  });
});
