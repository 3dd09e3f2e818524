/**
 * The four-digit verification code's view model (onboarding 4 "Sign-up flow", 9): four single
 * characters, a paste spread across the boxes, a wrong code cleared after 1.5 s with the first
 * box focused again, a correct one closing the modal.
 */
import { type ApiClient, isApiError } from '@junction/core';
import { makeAutoObservable, runInAction } from 'mobx';

/** Characters in a verification code (onboarding 9). */
export const CODE_LENGTH = 4;
/** How long a wrong code stays before the boxes clear (onboarding 9). */
export const WRONG_CODE_DELAY_MS = 1500;

/** What the code entry needs; injected so tests pass fakes and a clock. */
export interface CodeEntryDeps {
  api: ApiClient;
  /** Called once the code is accepted. */
  onVerified: () => void;
  /** Puts the focus on box `index`. */
  focusBox: (index: number) => void;
  setTimeout: (run: () => void, ms: number) => unknown;
}

/**
 * The address the code modal names when the signed-in account is not verified yet, else null
 * (GET /api/auth/me). The modal comes back on every load until the code is entered; a failed
 * call shows nothing this time (the editor's own load reports an unreachable server or a dead
 * session).
 */
export async function unverifiedEmail(api: ApiClient): Promise<string | null> {
  try {
    const me = await api.get('/api/auth/me');
    return me.emailVerified ? null : me.email;
  } catch {
    return null;
  }
}

/** State of the code check. */
export type CodePhase = 'entering' | 'checking' | 'wrong' | 'verified';

/** The code entry. */
export class CodeEntry {
  boxes: string[] = Array.from({ length: CODE_LENGTH }, () => '');
  phase: CodePhase = 'entering';
  message = '';
  resendText = '';

  constructor(private readonly deps: CodeEntryDeps) {
    makeAutoObservable<CodeEntry, 'deps'>(this, { deps: false });
  }

  get code(): string {
    return this.boxes.join('');
  }

  get isComplete(): boolean {
    return this.boxes.every((box) => box !== '');
  }

  /**
   * Types into box `index`: one character stays; several (a paste or autofill) spread across
   * this box and the next ones. Moves the focus on, and checks the code once all four are set.
   */
  type(index: number, text: string): void {
    if (this.phase === 'checking' || this.phase === 'wrong') return;
    const chars = Array.from(text.replace(/\s+/g, ''));
    if (chars.length === 0) {
      this.boxes[index] = '';
      return;
    }
    // A single typed character replaces the box's own (the input may hold old + new).
    const spread = chars.length === 2 && this.boxes[index] === chars[0] ? [chars[1]] : chars;
    let at = index;
    for (const char of spread) {
      if (at >= CODE_LENGTH) break;
      this.boxes[at] = char;
      at += 1;
    }
    this.message = '';
    if (this.isComplete) void this.verify();
    else this.deps.focusBox(Math.min(at, CODE_LENGTH - 1));
  }

  /** Backspace on an empty box goes back one box and clears it. */
  backspace(index: number): void {
    if (this.boxes[index] !== '' || index === 0) return;
    this.boxes[index - 1] = '';
    this.deps.focusBox(index - 1);
  }

  /** A paste anywhere spreads from the first box (onboarding 4). */
  paste(text: string): void {
    this.boxes = this.boxes.map(() => '');
    this.type(0, text);
  }

  /** Checks the code (POST /api/auth/verify-code). */
  async verify(): Promise<void> {
    if (!this.isComplete || this.phase === 'checking') return;
    this.phase = 'checking';
    try {
      await this.deps.api.post('/api/auth/verify-code', { body: { code: this.code } });
      runInAction(() => {
        this.phase = 'verified';
      });
      this.deps.onVerified();
    } catch (error) {
      const gone = isApiError(error) && error.status === 410;
      runInAction(() => {
        this.phase = 'wrong';
        this.message = gone
          ? (error.problem.detail ?? 'The code has expired. Request a new one.')
          : isApiError(error) && error.status !== 422
            ? (error.problem.detail ?? 'The code could not be checked.')
            : 'That code is not right.';
      });
      // onboarding 4: a wrong code clears the boxes after 1.5 s and refocuses the first box.
      this.deps.setTimeout(() => this.clearAfterWrong(), WRONG_CODE_DELAY_MS);
    }
  }

  clearAfterWrong(): void {
    this.boxes = this.boxes.map(() => '');
    this.phase = 'entering';
    this.deps.focusBox(0);
  }

  /** Mails a fresh code (POST /api/auth/send-code). */
  async resend(): Promise<void> {
    this.resendText = 'Sending…';
    try {
      await this.deps.api.post('/api/auth/send-code', {});
      runInAction(() => {
        this.resendText = 'A new code is on its way.';
      });
    } catch (error) {
      runInAction(() => {
        this.resendText = isApiError(error)
          ? (error.problem.detail ?? 'The code could not be sent.')
          : 'The code could not be sent.';
      });
    }
  }
}
