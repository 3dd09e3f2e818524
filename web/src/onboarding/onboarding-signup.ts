/**
 * The sign-up modal's view model (onboarding 2 "Sign-up and verification modal", 4 "Sign-up
 * flow", 5 "Password", 8): e-mail, then password with the live rules and strength meter, then
 * the account; a log-in path for returning users and, below 450 px, the reminder form that
 * e-mails a sign-in link. The rules are core's; this file only sequences them.
 */
import {
  type ApiClient,
  checkPassword,
  emailError,
  isApiError,
  type PasswordStrength,
  passwordStrength,
} from '@junction/core';
import { makeAutoObservable, runInAction } from 'mobx';

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

/** What the flow needs; injected so tests pass fakes. */
export interface SignUpDeps {
  api: ApiClient;
  /** An invitation from the address (`invitationToken`), sent with the sign-up (onboarding 3). */
  invitationToken?: string | null;
  onSignedIn: (grant: SignedIn) => void;
}

/** The server's words for a failed call, or a fallback. */
function serverText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.status === 0) return 'The server cannot be reached right now. Try again in a moment.';
    const detail = error.problem.detail?.trim();
    return detail || error.problem.title || fallback;
  }
  return fallback;
}

/** The sign-up / log-in / reminder flow. */
export class SignUpFlow {
  phase: SignUpPhase;
  firstName = '';
  lastName = '';
  email = '';
  password = '';
  /** Set after a Continue on the e-mail step so the message does not shout while typing. */
  hasTriedEmail = false;
  hasTriedPassword = false;
  isBusy = false;
  /** The server's error text, shown in the red banner (onboarding 8). */
  serverError = '';

  constructor(
    private readonly deps: SignUpDeps,
    isSmallScreen = false,
  ) {
    this.phase = isSmallScreen ? 'reminder' : 'email';
    makeAutoObservable<SignUpFlow, 'deps'>(this, { deps: false });
  }

  /** 'Invalid Email' while the address is not valid (onboarding 5), once the user tried. */
  get emailMessage(): string {
    if (!this.hasTriedEmail) return '';
    if (this.phase === 'reminder') return emailError(this.email) ? REMINDER_EMAIL_MESSAGE : '';
    return emailError(this.email) ?? '';
  }

  /** Every password rule broken right now, live (onboarding 5). */
  get passwordProblems(): string[] {
    return this.password === '' && !this.hasTriedPassword ? [] : checkPassword(this.password);
  }

  /** The strength meter's score, label and colour (onboarding 5). */
  get strength(): PasswordStrength {
    return passwordStrength(this.password);
  }

  setFirstName(value: string): void {
    this.firstName = value;
  }

  setLastName(value: string): void {
    this.lastName = value;
  }

  setEmail(value: string): void {
    this.email = value;
  }

  setPassword(value: string): void {
    this.password = value;
  }

  /** Shows another screen; the banner and the busy state are cleared. */
  show(phase: SignUpPhase): void {
    this.phase = phase;
    this.serverError = '';
    this.isBusy = false;
    this.hasTriedPassword = false;
  }

  /** E-mail step's Continue: moves to the password when the address is valid. */
  continueWithEmail(): void {
    this.hasTriedEmail = true;
    if (emailError(this.email)) return;
    this.show('password');
  }

  /** Creates the account (POST /api/auth/sign-up); a failure shows the server's text in the banner. */
  async createAccount(): Promise<void> {
    this.hasTriedPassword = true;
    if (this.isBusy || checkPassword(this.password).length > 0) return;
    this.isBusy = true;
    this.serverError = '';
    try {
      const body: {
        email: string;
        password: string;
        firstName?: string;
        lastName?: string;
        invitationToken?: string;
      } = {
        email: this.email.trim(),
        password: this.password,
      };
      if (this.firstName.trim()) body.firstName = this.firstName.trim();
      if (this.lastName.trim()) body.lastName = this.lastName.trim();
      if (this.deps.invitationToken) body.invitationToken = this.deps.invitationToken;
      const grant = await this.deps.api.post('/api/auth/sign-up', { body });
      runInAction(() => {
        this.isBusy = false;
      });
      this.deps.onSignedIn({
        token: grant.token,
        workflowId: grant.workflowId,
        needsCode: !grant.user.emailVerified,
      });
    } catch (error) {
      // onboarding 4: on failure the loading state is cleared.
      runInAction(() => {
        this.isBusy = false;
        this.serverError = serverText(error, 'The account could not be created.');
      });
    }
  }

  /** Signs a returning user in (POST /api/auth/log-in). */
  async logIn(): Promise<void> {
    this.hasTriedEmail = true;
    if (this.isBusy || emailError(this.email) || this.password === '') return;
    this.isBusy = true;
    this.serverError = '';
    try {
      const grant = await this.deps.api.post('/api/auth/log-in', {
        body: { email: this.email.trim(), password: this.password },
      });
      runInAction(() => {
        this.isBusy = false;
      });
      // An account signed up but never verified gets the code modal again (onboarding 4).
      this.deps.onSignedIn({ token: grant.token, workflowId: null, needsCode: !grant.user.emailVerified });
    } catch (error) {
      runInAction(() => {
        this.isBusy = false;
        this.serverError = serverText(error, 'Could not sign in.');
      });
    }
  }

  /** The small-screen reminder: e-mails a sign-in link (POST /api/auth/sign-in-link). */
  async sendReminder(): Promise<void> {
    this.hasTriedEmail = true;
    if (this.isBusy || emailError(this.email)) return;
    this.isBusy = true;
    this.serverError = '';
    try {
      await this.deps.api.post('/api/auth/sign-in-link', { body: { email: this.email.trim() } });
      runInAction(() => {
        this.isBusy = false;
        this.phase = 'reminderSent';
      });
    } catch (error) {
      runInAction(() => {
        this.isBusy = false;
        this.serverError = serverText(error, 'The link could not be sent.');
      });
    }
  }
}
