/**
 * Sends mail: over SMTP with nodemailer when `config.smtpUrl` is set. Otherwise no mail leaves:
 * the log says that a mail to a redacted address could not be delivered; the mail's text
 * (verification codes, sign-in links: as good as passwords) is written to the log only when
 * the operator asks for it (`config.mailLog`, MAIL_LOG=on, never in production, with a warning
 * at start), and kept in memory for the loopback-only outbox route only when the development
 * outbox is turned on (`config.devOutbox`).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type NodemailerModule from 'nodemailer';
import type { Config } from '../config.js';
import type { Logger } from '../kernel/logger.js';
import type { OutboxMail } from '../kernel/types.js';

/** One mail to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail, or keeps it in the outbox. */
export interface Mailer {
  /** 'smtp' when a server is configured, else 'outbox'. */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Mails kept by the development outbox, newest last (always empty unless it is turned on). */
  listOutbox(): OutboxMail[];
  /** Closes the SMTP connection pool. */
  close(): Promise<void>;
}

/** How many outbox mails are kept; older ones are dropped. */
const OUTBOX_LIMIT = 200;

/** Said at start while MAIL_LOG is on (and no SMTP_URL is set). */
export const MAIL_LOG_WARNING =
  'WARNING: MAIL_LOG=on: verification codes and sign-in links are written to this log in full; ' +
  'anyone who reads it can sign in as your users. Only for development; set SMTP_URL instead.';

/**
 * An address as the log may name it: its first letter and its domain.
 *
 * @example
 * redactAddress('ada@example.com'); // 'a***@example.com'
 */
export function redactAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/**
 * Creates the mailer for a configuration.
 *
 * @example
 * const mailer = createMailer(config, { logger });
 * await mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Hi Ada' });
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Config, 'env' | 'devOutbox' | 'mailLog'>>,
  opts: { logger: Logger; now?: () => number },
): Mailer {
  const now = opts.now ?? Date.now;
  if (config.smtpUrl) {
    // Loaded only when SMTP is configured: a server without it starts without nodemailer.
    const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof NodemailerModule;
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        opts.logger.info({ to: message.to, subject: message.subject }, 'Mail sent');
      },
      listOutbox: () => [],
      async close() {
        transport.close();
      },
    };
  }

  const outbox: OutboxMail[] = [];
  // Codes and sign-in links are as good as passwords: the log carries them only when asked.
  const isLoggingText = config.mailLog === true && config.env !== 'production';
  const isKeeping = config.devOutbox === true && config.env !== 'production';
  if (isLoggingText) opts.logger.warn({}, MAIL_LOG_WARNING);
  else if (config.env === 'production') opts.logger.warn({}, 'SMTP_URL is not set: mail is not delivered.');
  else opts.logger.info({}, 'SMTP_URL is not set: mail is not delivered (MAIL_LOG=on writes it to this log).');
  return {
    mode: 'outbox',
    async send(message) {
      const mail: OutboxMail = {
        id: randomUUID(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        sentAt: new Date(now()).toISOString(),
      };
      // Kept only when asked for: an outbox anyone can read is an account takeover.
      if (isKeeping) {
        outbox.push(mail);
        if (outbox.length > OUTBOX_LIMIT) outbox.shift();
      }
      if (isLoggingText) {
        opts.logger.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          `Mail to ${mail.to} (SMTP_URL is not set, MAIL_LOG=on): ${mail.subject}\n${mail.text}`,
        );
      } else {
        const to = redactAddress(mail.to);
        const where = isKeeping ? ' (kept in the development outbox)' : '';
        opts.logger.warn(
          { to, subject: mail.subject },
          `Mail to ${to} could not be delivered: SMTP_URL is not set${where}`,
        );
      }
    },
    listOutbox: () => outbox.map((mail) => ({ ...mail })),
    async close() {},
  };
}
