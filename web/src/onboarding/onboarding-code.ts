/**
 * The four-digit verification code's view model (onboarding 4 "Sign-up flow", 9): four single
 * characters, a paste spread across the boxes, a wrong code cleared after 1.5 s with the first
 * box focused again, a correct one closing the modal.
 */
import { type ApiClient, isApiError, STATUS_PROBLEM_CODES } from '@junction/core';
import { getEnv, type Instance, types } from 'mobx-state-tree';
import { serverStateOf } from '../stores/server-state.js';

/** Characters in a verification code (onboarding 9). */
export const CODE_LENGTH = 4;
/** How long a wrong code stays before the boxes clear (onboarding 9). */
export const WRONG_CODE_DELAY_MS = 1500;

/** What the code entry's tree is created with (the root's environment plus these); tests pass fakes. */
export interface CodeEntryDeps {
  api: ApiClient;
  /** Called once the code is accepted. */
  onVerified: () => void;
  /** Puts the focus on box `index`. */
  focusBox: (index: number) => void;
  setTimeout: (run: () => void, ms: number) => unknown;
}

/** State of the code check. */
export type CodePhase = 'entering' | 'checking' | 'wrong' | 'verified';

/** The code entry; the editor creates it through the root store's `createModel`. */
export const CodeEntry = types
  .model('CodeEntry', {})
  .volatile(() => ({
    boxes: Array.from({ length: CODE_LENGTH }, () => '') as string[],
    phase: 'entering' as CodePhase,
    message: '',
    resendText: '',
  }))
  .views((self) => ({
    get env(): CodeEntryDeps {
      return getEnv<CodeEntryDeps>(self);
    },
    get code(): string {
      return self.boxes.join('');
    },
    get isComplete(): boolean {
      return self.boxes.every((box) => box !== '');
    },
  }))
  .actions((self) => ({
    /** Sets one box (immutably: the boxes are one value). */
    setBox(index: number, char: string): void {
      self.boxes = self.boxes.map((box, at) => (at === index ? char : box));
    },
    clearAfterWrong(): void {
      self.boxes = self.boxes.map(() => '');
      self.phase = 'entering';
      self.env.focusBox(0);
    },
    settle(phase: CodePhase, message = ''): void {
      self.phase = phase;
      self.message = message;
    },
    setResendText(text: string): void {
      self.resendText = text;
    },
  }))
  .actions((self) => ({
    /** Checks the code (POST /api/auth/verify-code). */
    async verify(): Promise<void> {
      if (!self.isComplete || self.phase === 'checking') return;
      self.settle('checking', self.message);
      try {
        await serverStateOf(self.env.api).mutate((client) =>
          client.post('/api/auth/verify-code', { body: { code: self.code } }),
        );
        self.settle('verified');
        self.env.onVerified();
      } catch (error) {
        const gone = isApiError(error) && error.code === STATUS_PROBLEM_CODES[410];
        self.settle(
          'wrong',
          gone
            ? (error.problem.detail ?? 'The code has expired. Request a new one.')
            : isApiError(error) && error.code !== STATUS_PROBLEM_CODES[422]
              ? (error.problem.detail ?? 'The code could not be checked.')
              : 'That code is not right.',
        );
        // onboarding 4: a wrong code clears the boxes after 1.5 s and refocuses the first box.
        self.env.setTimeout(() => self.clearAfterWrong(), WRONG_CODE_DELAY_MS);
      }
    },
    /** Mails a fresh code (POST /api/auth/send-code). */
    async resend(): Promise<void> {
      self.setResendText('Sending…');
      try {
        await serverStateOf(self.env.api).mutate((client) => client.post('/api/auth/send-code', {}));
        self.setResendText('A new code is on its way.');
      } catch (error) {
        self.setResendText(
          isApiError(error) ? (error.problem.detail ?? 'The code could not be sent.') : 'The code could not be sent.',
        );
      }
    },
  }))
  .actions((self) => ({
    /**
     * Types into box `index`: one character stays; several (a paste or autofill) spread across
     * this box and the next ones. Moves the focus on, and checks the code once all four are set.
     */
    type(index: number, text: string): void {
      if (self.phase === 'checking' || self.phase === 'wrong') return;
      const chars = Array.from(text.replace(/\s+/g, ''));
      if (chars.length === 0) {
        self.setBox(index, '');
        return;
      }
      // A single typed character replaces the box's own (the input may hold old + new).
      const spread = chars.length === 2 && self.boxes[index] === chars[0] ? [chars[1]] : chars;
      let at = index;
      for (const char of spread) {
        if (at >= CODE_LENGTH) break;
        self.setBox(at, char);
        at += 1;
      }
      self.message = '';
      if (self.isComplete) void self.verify();
      else self.env.focusBox(Math.min(at, CODE_LENGTH - 1));
    },
    /** Backspace on an empty box goes back one box and clears it. */
    backspace(index: number): void {
      if (self.boxes[index] !== '' || index === 0) return;
      self.setBox(index - 1, '');
      self.env.focusBox(index - 1);
    },
  }))
  .actions((self) => ({
    /** A paste anywhere spreads from the first box (onboarding 4). */
    paste(text: string): void {
      self.boxes = self.boxes.map(() => '');
      self.type(0, text);
    },
  }));

/** A code entry instance. */
export interface ICodeEntry extends Instance<typeof CodeEntry> {}
