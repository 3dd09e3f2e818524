/**
 * Sends mail: over SMTP with nodemailer when `config.smtpUrl` is set; otherwise mails are
 * logged in full outside production (so a developer can read a code from the server log) and,
 * only when the development outbox is turned on (`config.devOutbox`), kept in memory for the
 * loopback-only outbox route.
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

/**
 * Creates the mailer for a configuration.
 *
 * @example
 * const mailer = createMailer(config, { logger });
 * await mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Hi Ada' });
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Config, 'env' | 'devOutbox'>>,
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
  // Codes and sign-in links are as good as passwords; a production log keeps them out.
  const isLoggingText = config.env !== 'production';
  const isKeeping = config.devOutbox === true && config.env !== 'production';
  if (!isLoggingText) opts.logger.warn({}, 'SMTP_URL is not set: mail is not delivered.');
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
        // No SMTP_URL in development: the log line is how a developer reads the code or link.
        opts.logger.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          `Mail to ${mail.to} (SMTP_URL is not set, so it is only logged): ${mail.subject}\n${mail.text}`,
        );
      } else {
        opts.logger.warn({ to: mail.to, subject: mail.subject }, 'Mail not delivered: SMTP_URL is not set');
      }
    },
    listOutbox: () => outbox.map((mail) => ({ ...mail })),
    async close() {},
  };
}
