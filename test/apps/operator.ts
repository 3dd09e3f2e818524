/** Makes a signed-up account an operator of the harness's instance (SUPPORT_OPERATORS, verified e-mail). */
import { type Account, type ApiHarness, readCode } from '../api/harness.js';

/** Names the account in SUPPORT_OPERATORS and verifies its address with the code from the dev outbox. */
export async function makeOperator(h: ApiHarness, account: Account): Promise<void> {
  // The harness's config object is the app's.
  h.config.supportOperators = [...(h.config.supportOperators ?? []), account.email.toLowerCase()];
  const code = await readCode(h, account.email);
  const verified = await h.call('POST', '/api/auth/verify-code', { token: account.token, body: { code } });
  if (verified.status !== 200) throw new Error(`verify-code answered ${verified.status}: ${verified.text}`);
}
