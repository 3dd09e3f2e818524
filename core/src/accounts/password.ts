/**
 * Password rules and the strength meter of the sign-up form (onboarding 5).
 *
 * The server checks the same rules before it hashes a password.
 */

/** The password messages, exactly as onboarding 5 writes them. */
export const PASSWORD_MESSAGES = {
  blank: "Password can't be blank.",
  length: 'Password must be between 12 and 512 characters.',
  letter: 'Password must contain at least one Alphabet character.',
  repeats: "Password can't have more than 3 repeating characters.",
} as const;

/** Password length limits, inclusive (onboarding 9). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 512;
/** Below this length a password may not repeat a character 3 times in a row (onboarding 5). */
export const REPEAT_CHECK_BELOW = 20;

/** What the strength meter shows (onboarding 5). */
export interface PasswordStrength {
  /** 20 to 100. */
  score: number;
  label: 'Weak' | 'Moderate' | 'Strong';
  color: 'red' | 'orange' | 'green';
}

// Lengths count code points, so an emoji counts as one character as a user would expect.
function lengthOf(pw: string): number {
  return Array.from(pw).length;
}

function hasValidLength(length: number): boolean {
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

// "Alphabet character" is any Unicode letter, so 'Passwörter' and Cyrillic passwords qualify.
function hasLetter(pw: string): boolean {
  return /\p{L}/u.test(pw);
}

// Three or more identical consecutive characters (code points).
function hasRepeats(pw: string): boolean {
  return /(.)\1\1/su.test(pw);
}

/**
 * Checks a password and returns the messages of every rule it breaks, in the spec's order
 * (onboarding 5); an empty list means the password is acceptable.
 *
 * - '' (or only whitespace): only "Password can't be blank.";
 * - length outside 12–512 characters (code points);
 * - no letter (any Unicode letter);
 * - below 20 characters: three or more identical characters in a row.
 *
 * @example
 * checkPassword('aaab'); // ['Password must be between 12 and 512 characters.', "Password can't have more than 3 repeating characters."]
 */
export function checkPassword(pw: string): string[] {
  if (pw.trim() === '') return [PASSWORD_MESSAGES.blank];
  const messages: string[] = [];
  const length = lengthOf(pw);
  if (!hasValidLength(length)) messages.push(PASSWORD_MESSAGES.length);
  if (!hasLetter(pw)) messages.push(PASSWORD_MESSAGES.letter);
  if (length < REPEAT_CHECK_BELOW && hasRepeats(pw)) messages.push(PASSWORD_MESSAGES.repeats);
  return messages;
}

/** Whether a password passes every rule of {@link checkPassword}. */
export function isValidPassword(pw: string): boolean {
  return checkPassword(pw).length === 0;
}

/**
 * Scores a password for the strength meter (onboarding 5).
 *
 * Start at 20; +20 for a length of 12–512; +30 for a letter at length 12 or more; +30 at
 * 12–19 characters without a triple repeat, or at 20 or more characters when there is no
 * error so far (valid length and a letter). Below 35 is Weak (red), below 91 Moderate
 * (orange), otherwise Strong (green).
 *
 * @example
 * passwordStrength('correct horse battery'); // { score: 100, label: 'Strong', color: 'green' }
 */
export function passwordStrength(pw: string): PasswordStrength {
  const length = lengthOf(pw);
  const validLength = hasValidLength(length);
  const letter = hasLetter(pw);
  let score = 20;
  if (validLength) score += 20;
  if (letter && length >= PASSWORD_MIN_LENGTH) score += 30;
  if (length >= PASSWORD_MIN_LENGTH && length < REPEAT_CHECK_BELOW) {
    if (!hasRepeats(pw)) score += 30;
  } else if (length >= REPEAT_CHECK_BELOW && validLength && letter) {
    score += 30;
  }
  if (score < 35) return { score, label: 'Weak', color: 'red' };
  if (score < 91) return { score, label: 'Moderate', color: 'orange' };
  return { score, label: 'Strong', color: 'green' };
}
