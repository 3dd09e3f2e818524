/** The texts of the mails Junction sends. */

/** A mail's subject and plain-text body. */
export interface MailContent {
  subject: string;
  text: string;
}

/** The 4-digit verification code mail (onboarding-and-extras 4 "Sign-up flow"). */
export function createCodeMail(code: string, validMinutes: number): MailContent {
  return {
    subject: 'Your Junction verification code',
    text: [
      `Your Junction verification code is ${code}`,
      '',
      `Enter it in the sign-up window within ${validMinutes} minutes.`,
      'If you did not sign up for Junction, you can ignore this mail.',
    ].join('\n'),
  };
}

/** The sign-in link mail (onboarding-and-extras 2: the small-screen reminder form). */
export function createSignInLinkMail(link: string, validMinutes: number): MailContent {
  return {
    subject: 'Your Junction sign-in link',
    text: [
      'Open this link on your computer to continue with Junction:',
      '',
      link,
      '',
      `The link works once, within ${validMinutes} minutes.`,
      'If you did not ask for it, you can ignore this mail.',
    ].join('\n'),
  };
}
