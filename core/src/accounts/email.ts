/**
 * The e-mail check of the sign-up and reminder forms (onboarding 5).
 */

/** The message an invalid e-mail shows on sign-up (onboarding 5). */
export const INVALID_EMAIL_MESSAGE = 'Invalid Email';

/** Longest address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

// The WHATWG HTML "valid e-mail address" pattern (what <input type="email"> checks), with
// one addition: the domain needs a dot, so a typo like 'ada@gmail' is refused.
const LOCAL = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const EMAIL_PATTERN = new RegExp(`^${LOCAL}@${LABEL}(?:\\.${LABEL})+$`);

/**
 * Whether a text is a valid e-mail address: the HTML standard's pattern, a domain with at
 * least one dot, at most 254 characters. Surrounding spaces are ignored.
 *
 * @example
 * isValidEmail('ada@example.com'); // true
 * isValidEmail('ada@example'); // false
 */
export function isValidEmail(text: string): boolean {
  const email = text.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/**
 * The one spelling of an address that accounts are stored, found and compared by: surrounding
 * spaces removed, lower-cased. Two addresses that differ only by case or spaces are one account
 * (sign-up, sign-in, sign-in links, operator lists). Not a text: ''.
 *
 * @example
 * normaliseEmail('  Ada@Example.COM '); // 'ada@example.com'
 */
export function normaliseEmail(text: unknown): string {
  return typeof text === 'string' ? text.trim().toLowerCase() : '';
}

/** The sign-up form's message for a text: 'Invalid Email', or null when it is valid. */
export function emailError(text: string): string | null {
  return isValidEmail(text) ? null : INVALID_EMAIL_MESSAGE;
}
