/**
 * Which credential values are secret: those whose key is named like a password, secret,
 * token or key. Secrets are sealed by the vault and shown as SECRET_SENTINEL; the rest
 * (user names, sub-domains, base URLs) stay readable.
 */

// Words that make a key secret when they appear as a whole word of it
// (`api_key`, `apiKey`, `private-key`, `x_auth_token`), plus the compounds `apikey`, `passwd`.
const SECRET_WORDS = new Set(['password', 'passwd', 'secret', 'token', 'key', 'apikey', 'pass', 'pwd']);

/**
 * Answers whether a value with this key is secret.
 *
 * @example
 * isSecretKey('api_key'); // true
 * isSecretKey('refreshToken'); // true
 * isSecretKey('username'); // false
 */
export function isSecretKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // Also test the whole key squashed, so `clientsecret` or `accesstoken` count.
  const squashed = words.join('');
  return words.some((w) => SECRET_WORDS.has(w)) || /password|secret|token|apikey|passwd/.test(squashed);
}

/** Splits values into secret and public ones by key name. */
export function splitSecretValues(values: Record<string, string>): {
  secrets: Record<string, string>;
  publicValues: Record<string, string>;
} {
  const secrets: Record<string, string> = {};
  const publicValues: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (isSecretKey(key)) secrets[key] = value;
    else publicValues[key] = value;
  }
  return { secrets, publicValues };
}
