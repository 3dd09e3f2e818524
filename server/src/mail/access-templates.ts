/** The mails of who may come in: invitations and a refused sign-up with an existing address. */
import type { MailContent } from './templates.js';

/** An invitation to a workspace (the link works once, within `validDays`). */
export function createInvitationMail(input: {
  inviter: string;
  workspaceName: string;
  role: string;
  link: string;
  validDays: number;
}): MailContent {
  return {
    subject: `${input.inviter} invited you to ${input.workspaceName} on Junction`,
    text: [
      `${input.inviter} invited you to join the workspace "${input.workspaceName}" on Junction as ${input.role}.`,
      '',
      'Accept the invitation:',
      input.link,
      '',
      `The link works once, within ${input.validDays} days.`,
      'If you did not expect this invitation, you can ignore this mail.',
    ].join('\n'),
  };
}

/** Sent to an existing account when someone tried to sign up with its address (the same answer as for a stranger). */
export function createSignUpAttemptMail(signInUrl: string): MailContent {
  return {
    subject: 'Someone tried to sign up to Junction with your address',
    text: [
      'Someone tried to sign up to Junction with your e-mail address, which already has an account.',
      '',
      `If it was you, sign in instead: ${signInUrl}`,
      'If it was not you, you can ignore this mail; your account is unchanged.',
    ].join('\n'),
  };
}
