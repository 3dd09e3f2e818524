/**
 * What the failure-alert tests share: a Junction over the real API that mails through a test
 * SMTP peer and calls a local target, one signed-up owner, and the two moves every test makes
 * (run a workflow once, wait for the mail about it).
 */
import { expect } from 'vitest';
import type { Config } from '../../server/src/config.js';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../../server/src/mail/test-smtp.js';
import { type Account, type ApiHarness, openHarness, signUp, type TestDatabase } from '../api/harness.js';
import { hookPathOf, startTarget, type Target, waitForExecution } from '../engine/support.js';

/** The public address the alert mails link to. */
export const PUBLIC = 'http://junction.test';

/** The opened peers and the owner whose workflows fail. */
export interface AlertsSetup {
  h: ApiHarness;
  smtp: TestSmtpServer;
  target: Target;
  owner: Account;
  /** The next mail to `to` whose subject matches, skipping others (sign-up codes); bounded. */
  mailWith(to: string, subject: RegExp): Promise<ReceivedMail>;
  /** Posts one webhook to the owner's workflow and waits for its run to end; answers the execution. */
  runOnce(workflowId: string): ReturnType<typeof waitForExecution>;
  close(): Promise<void>;
}

/**
 * Starts the SMTP peer and the target, opens Junction on `testDb` with one try per step of at
 * most 2 s (plus `overrides`), and signs up the owner as `name`.
 */
export async function openAlertsSetup(
  testDb: TestDatabase,
  name: string,
  overrides: Partial<Config> = {},
): Promise<AlertsSetup> {
  const smtp = await startTestSmtpServer();
  const target = await startTarget();
  const h = await openHarness(testDb, {
    smtpUrl: smtp.url,
    publicUrl: PUBLIC,
    allowedHosts: target.host,
    stepTimeoutMs: 2000,
    stepRetries: 0,
    ...overrides,
  });
  const owner = await signUp(h, name);
  return {
    h,
    smtp,
    target,
    owner,
    async mailWith(to, subject) {
      for (let i = 0; i < 10; i++) {
        const mail = await smtp.waitForMail(to, 10_000);
        if (subject.test(mail.subject)) return mail;
      }
      throw new Error(`no mail to ${to} matching ${subject}`);
    },
    async runOnce(workflowId) {
      const path = await hookPathOf(h, owner.token, workflowId);
      const posted = await h.call('POST', path, { body: { amount: 5 } });
      expect(posted.status, posted.text).toBe(200);
      return waitForExecution(h, owner.token, posted.json.executionId);
    },
    async close() {
      await h.close();
      await smtp.close();
      await target.close();
    },
  };
}
