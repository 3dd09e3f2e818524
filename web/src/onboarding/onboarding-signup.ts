/**
 * The sign-up modal's view model (onboarding 2 "Sign-up and verification modal", 4 "Sign-up
 * flow", 5 "Password", 8): e-mail, then password with the live rules and strength meter, then
 * the account; a log-in path for returning users and, below 450 px, the reminder form that
 * e-mails a sign-in link. The rules are core's; this file only sequences them.
 */
import { type ApiClient, checkPassword, emailError, type PasswordStrength, passwordStrength } from '@junction/core';
import { getEnv, type Instance, types } from 'mobx-state-tree';
import { failureText } from '../stores/api-failure.js';
import { serverStateOf } from '../stores/server-state.js';

/** Below this viewport width the reminder form replaces the sign-up modal (onboarding 2, 9). */
export const REMINDER_BELOW_PX = 450;

/** The trial claim under the sign-up form (onboarding 2). */
export const TRIAL_CLAIM = 'No credit card to start';

/** The link in the failure banner (onboarding 8). */
export const SIGN_IN_LINK_TEXT = 'Click here to sign in.';

/** The reminder form's messages for a bad address (onboarding 5 "Other"). */
export const REMINDER_EMAIL_MESSAGE = 'Enter a valid email address';

/** What the reminder form says once the link was asked for (the server never tells whether the address has an account). */
export const REMINDER_SENT_TEXT =
  'If this address has a Junction account, a sign-in link is on its way. Open it on a computer to keep building.';

/** Which screen of the flow shows. */
export type SignUpPhase = 'email' | 'password' | 'login' | 'reminder' | 'reminderSent';

/** What a successful sign-up or log-in hands to the editor. */
export interface SignedIn {
  token: string;
  /** The draft workflow created at sign-up; null after a log-in. */
  workflowId: string | null;
  /** True while the account's e-mail is not verified: the four-digit code must be entered next. */
  needsCode: boolean;
}

/** What the flow's tree is created with (the root's environment plus these); tests pass fakes. */
export interface SignUpDeps {
  api: ApiClient;
  /** An invitation from the address (`invitationToken`), sent with the sign-up (onboarding 3). */
  invitationToken?: string | null;
  onSignedIn: (grant: SignedIn) => void;
}

/** The sign-up / log-in / reminder flow; the editor creates it through the root store's `createModel`. */
export const SignUpFlow = types
  .model('SignUpFlow', {
    phase: types.optional(
      types.enumeration<SignUpPhase>(['email', 'password', 'login', 'reminder', 'reminderSent']),
      'email',
    ),
  })
  .volatile(() => ({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    /** Set after a Continue on the e-mail step so the message does not shout while typing. */
    hasTriedEmail: false,
    hasTriedPassword: false,
    isBusy: false,
    /** The server's error text, shown in the red banner (onboarding 8). */
    serverError: '',
  }))
  .views((self) => ({
    get env(): SignUpDeps {
      return getEnv<SignUpDeps>(self);
    },
    /** 'Invalid Email' while the address is not valid (onboarding 5), once the user tried. */
    get emailMessage(): string {
      if (!self.hasTriedEmail) return '';
      if (self.phase === 'reminder') return emailError(self.email) ? REMINDER_EMAIL_MESSAGE : '';
      return emailError(self.email) ?? '';
    },
    /** Every password rule broken right now, live (onboarding 5). */
    get passwordProblems(): string[] {
      return self.password === '' && !self.hasTriedPassword ? [] : checkPassword(self.password);
    },
    /** The strength meter's score, label and colour (onboarding 5). */
    get strength(): PasswordStrength {
      return passwordStrength(self.password);
    },
  }))
  .actions((self) => ({
    setFirstName(value: string): void {
      self.firstName = value;
    },
    setLastName(value: string): void {
      self.lastName = value;
    },
    setEmail(value: string): void {
      self.email = value;
    },
    setPassword(value: string): void {
      self.password = value;
    },
    /** Shows another screen; the banner and the busy state are cleared. */
    show(phase: SignUpPhase): void {
      self.phase = phase;
      self.serverError = '';
      self.isBusy = false;
      self.hasTriedPassword = false;
    },
    /** Notes that the user tried to go on (the messages may show from now on). */
    begin(triedPassword: boolean): void {
      if (triedPassword) self.hasTriedPassword = true;
      else self.hasTriedEmail = true;
    },
    /** Marks a request as running. */
    busy(): void {
      self.isBusy = true;
      self.serverError = '';
    },
    /** A request ended: the busy state is cleared; a failure shows the server's text; a reminder moves on. */
    ended(outcome: { serverError?: string; phase?: SignUpPhase } = {}): void {
      self.isBusy = false;
      if (outcome.serverError !== undefined) self.serverError = outcome.serverError;
      if (outcome.phase) self.phase = outcome.phase;
    },
  }))
  .actions((self) => ({
    /** Whether the instance has no owner yet, so the set-up page comes first (GET /api/instance). */
    async needsSetUp(): Promise<boolean> {
      try {
        return (await serverStateOf(self.env.api).read('/api/instance', undefined)).signUp === 'setup';
      } catch {
        // The sign-up form says what is wrong when it is used.
        return false;
      }
    },
    /** E-mail step's Continue: moves to the password when the address is valid. */
    continueWithEmail(): void {
      self.begin(false);
      if (emailError(self.email)) return;
      self.show('password');
    },
    /** Creates the account (POST /api/auth/sign-up); a failure shows the server's text in the banner. */
    async createAccount(): Promise<void> {
      self.begin(true);
      if (self.isBusy || checkPassword(self.password).length > 0) return;
      self.busy();
      try {
        const body: {
          email: string;
          password: string;
          firstName?: string;
          lastName?: string;
          invitationToken?: string;
        } = {
          email: self.email.trim(),
          password: self.password,
        };
        if (self.firstName.trim()) body.firstName = self.firstName.trim();
        if (self.lastName.trim()) body.lastName = self.lastName.trim();
        if (self.env.invitationToken) body.invitationToken = self.env.invitationToken;
        const grant = await serverStateOf(self.env.api).mutate((client) => client.post('/api/auth/sign-up', { body }));
        self.ended();
        self.env.onSignedIn({
          token: grant.token,
          workflowId: grant.workflowId,
          needsCode: !grant.user.emailVerified,
        });
      } catch (error) {
        // onboarding 4: on failure the loading state is cleared.
        self.ended({ serverError: failureText(error) });
      }
    },
    /** Signs a returning user in (POST /api/auth/log-in). */
    async logIn(): Promise<void> {
      self.begin(false);
      if (self.isBusy || emailError(self.email) || self.password === '') return;
      self.busy();
      try {
        const grant = await serverStateOf(self.env.api).mutate((client) =>
          client.post('/api/auth/log-in', {
            body: { email: self.email.trim(), password: self.password },
          }),
        );
        self.ended();
        // An account signed up but never verified gets the code modal again (onboarding 4).
        self.env.onSignedIn({ token: grant.token, workflowId: null, needsCode: !grant.user.emailVerified });
      } catch (error) {
        self.ended({ serverError: failureText(error) });
      }
    },
    /** The small-screen reminder: e-mails a sign-in link (POST /api/auth/sign-in-link). */
    async sendReminder(): Promise<void> {
      self.begin(false);
      if (self.isBusy || emailError(self.email)) return;
      self.busy();
      try {
        await serverStateOf(self.env.api).mutate((client) =>
          client.post('/api/auth/sign-in-link', { body: { email: self.email.trim() } }),
        );
        self.ended({ phase: 'reminderSent' });
      } catch (error) {
        self.ended({ serverError: failureText(error) });
      }
    },
  }));

/** A sign-up flow instance. */
export interface ISignUpFlow extends Instance<typeof SignUpFlow> {}

/** The flow's first screen: the reminder on a small screen (onboarding 4), else the e-mail step. */
export function signUpStart(isSmallScreen: boolean): { phase: SignUpPhase } {
  return { phase: isSmallScreen ? 'reminder' : 'email' };
}
