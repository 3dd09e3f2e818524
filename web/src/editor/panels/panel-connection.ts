/**
 * The connection panel of a step (editor-core 2.5, 4.7, 5.2): the account picker with labels
 * '{app} - {name}#{n}', the automatic choice (most recently used, else the last), the
 * more-menu (rename, update, two-click delete), the API-key / basic account form and the
 * 600 × 700 sign-in pop-up whose messages are accepted only from trusted origins.
 */
import { type AppDefinition, type AuthFormField, accountLabel, pickCredential, type StepData } from '@junction/core';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { IEditorStore } from '../../stores/editor-store.js';
import { type CredentialView, problemMessage } from './panel-common.js';

/** The pop-up window's size (editor-core 9). */
export const SIGN_IN_WINDOW = { width: 600, height: 700 } as const;

/** Shown when a connection check fails (editor-core 4.7). */
export const CONNECTION_EXPIRED_TEXT = 'Connection expired, please reconnect an account';

/** Shown when the rename dialog's name is empty (editor-core 5.2). */
export const NAME_REQUIRED_TEXT = 'The connection name is required.';

/** The 'Add new' entry of the picker. */
export function addAccountText(app: string): string {
  return `+ Add new ${app} account`;
}

/**
 * The sign-in pop-up's address (editor-core 7.3): `/auth/{app}?uid&ticket`, optionally `update`
 * and `c_id`. The pop-up cannot send a bearer header, and a session token must never travel in
 * a URL: `ticket` is single-use and lives 60 s (`POST /api/auth/popup-ticket`).
 */
export function signInUrl(input: {
  origin: string;
  appSlug: string;
  userId: string;
  ticket: string;
  credentialId?: string;
}): string {
  const params = new URLSearchParams({ uid: input.userId, ticket: input.ticket });
  if (input.credentialId) {
    params.set('update', 'true');
    params.set('c_id', input.credentialId);
  }
  return `${input.origin.replace(/\/$/, '')}/auth/${encodeURIComponent(input.appSlug)}?${params.toString()}`;
}

/** The part of a pop-up window the sign-in needs (a browser `Window` fits). */
export interface SignInWindow {
  location: { href: string };
  close(): void;
}

/** Opens a window; answers null when the browser blocked it (`window.open`'s shape). */
export type OpenWindow = (url: string, name: string, features: string) => SignInWindow | null;

/**
 * Opens the sign-in pop-up (editor-core 7.3) without a session token in any URL: the window
 * opens blank at once — call this inside the click handler, before anything is awaited, so
 * pop-up blockers allow it — then goes to `address(ticket)` once the server gave a ticket.
 * Answers 'blocked' when the browser refused the window; when the ticket cannot be had the
 * window is closed and the error thrown.
 */
export async function openSignInWindow(input: {
  open: OpenWindow;
  name: string;
  fetchTicket: () => Promise<string>;
  address: (ticket: string) => string;
}): Promise<'opened' | 'blocked'> {
  const popup = input.open('about:blank', input.name, signInFeatures());
  if (!popup) return 'blocked';
  try {
    const ticket = await input.fetchTicket();
    popup.location.href = input.address(ticket);
    return 'opened';
  } catch (error) {
    popup.close();
    throw error;
  }
}

/** The `features` text of `window.open` for the sign-in pop-up. */
export function signInFeatures(): string {
  return `popup=yes,width=${SIGN_IN_WINDOW.width},height=${SIGN_IN_WINDOW.height}`;
}

/** What a sign-in pop-up reported. */
export type SignInMessage = { ok: true; credentialId: string } | { ok: false; message: string };

/**
 * Reads a message event from the sign-in pop-up. Returns null for messages from any origin
 * outside `trustedOrigins` (editor-core 2.5) and for messages that are not sign-in results.
 * Accepts `{ type: 'junction:credential', credentialId }`, `{ type: 'junction:credential-error',
 * message }` and `{ type: 'junction:oauth', ok, credentialId | message }`.
 */
export function readSignInMessage(
  event: { origin: string; data: unknown },
  trustedOrigins: readonly string[],
): SignInMessage | null {
  if (!trustedOrigins.includes(event.origin)) return null;
  const data = event.data as Record<string, unknown> | null;
  if (data === null || typeof data !== 'object') return null;
  const message = typeof data.message === 'string' ? data.message : 'Connecting the account failed.';
  if (data.type === 'junction:credential-error') return { ok: false, message };
  if (data.type !== 'junction:credential' && data.type !== 'junction:oauth') return null;
  if (data.ok === false) return { ok: false, message };
  return typeof data.credentialId === 'string' ? { ok: true, credentialId: data.credentialId } : null;
}

/** The fields an account form asks for, by the app's auth scheme. */
export function accountFormFields(app: AppDefinition | null): AuthFormField[] {
  const info = app?.authInfo;
  if (!info) return [];
  if (info.apiType === 'apikey') return info.apikeyFormFields ?? [];
  if (info.apiType === 'basic') {
    return (
      info.basicFormFields ?? [
        { key: 'username', title: 'Username' },
        { key: 'password', title: 'Password' },
      ]
    );
  }
  if (info.apiType === 'customCode') return info.customCodeFormFields ?? [];
  return [];
}

/** What the connection panel works with. */
export interface ConnectionDeps {
  editor: IEditorStore;
  stepId: string;
  now: () => number;
  /** The editor's origin: the pop-up's address and the only trusted message origin. */
  origin: string;
  userId: string | null;
  /** Whether the editor holds a session (the pop-up's ticket is asked for with it). */
  hasSession: boolean;
  /** Opens the pop-up; returns null when the browser blocked it. */
  openWindow: OpenWindow;
}

/** The account picker and its dialogs for one step. */
export class ConnectionModel {
  phase: 'idle' | 'loading' | 'loaded' | 'failed' = 'idle';
  credentials: CredentialView[] = [];
  error = '';
  /** The account whose delete was clicked once ('Really delete?'). */
  armedDeleteId: string | null = null;
  renameId: string | null = null;
  renameValue = '';
  renameError = '';
  isFormOpen = false;
  formValues: Record<string, string> = {};
  formName = '';
  formError = '';
  isSaving = false;
  /** The account 'Update connection info' edits; null while the form adds a new one. */
  updatingId: string | null = null;
  checkMessage = '';
  /** True when the last check found the account working (the message is then a success). */
  isCheckOk = false;
  isLoggedOutPromptShown = false;
  /** The signed-in user's id: the address's `u`, else what the profile says. */
  userId: string | null;

  constructor(
    private readonly deps: ConnectionDeps,
    public definition: AppDefinition | null,
  ) {
    this.userId = deps.userId;
    makeAutoObservable<ConnectionModel, 'deps'>(this, { deps: false, definition: observableRef });
  }

  get data(): StepData {
    const step = this.deps.editor.wf.stepById(this.deps.stepId);
    if (!step) throw new Error(`Step ${this.deps.stepId} is not in the workflow.`);
    return step.data as StepData;
  }

  get appName(): string {
    return this.data.label || this.data.type;
  }

  /** The picker's label of the account at `index`. */
  label(index: number): string {
    return accountLabel(this.appName, this.credentials[index]?.name, index);
  }

  get selectedId(): string | null {
    return this.data.credential;
  }

  get trustedOrigins(): string[] {
    return [this.deps.origin];
  }

  /** Sets the user id once the profile is known (the address may not carry `u`). */
  setUserId(userId: string | null): void {
    this.userId = userId;
  }

  setDefinition(definition: AppDefinition | null): void {
    this.definition = definition;
  }

  /** Loads the app's accounts; a step without one takes the automatic choice. */
  async load(): Promise<void> {
    const app = this.data.type;
    this.phase = 'loading';
    try {
      const answer = await this.deps.editor.env.api.get('/api/credentials', { params: { query: { app } } });
      runInAction(() => {
        this.credentials = answer.items.map(({ id, app: slug, name, createdAt, lastUsed }) => ({
          id,
          app: slug,
          name,
          createdAt,
          lastUsed,
        }));
        this.phase = 'loaded';
        this.error = '';
      });
      if (this.data.credential === null) {
        const picked = pickCredential(this.credentials);
        if (picked) this.choose(picked.id, { markUsed: false });
      }
    } catch (error) {
      runInAction(() => {
        this.phase = 'failed';
        this.error = problemMessage(error, 'The accounts could not be loaded.');
      });
    }
  }

  /** Chooses an account for the step and marks it used. */
  choose(id: string, { markUsed = true }: { markUsed?: boolean } = {}): void {
    const index = this.credentials.findIndex((c) => c.id === id);
    if (index === -1) return;
    this.checkMessage = '';
    this.deps.editor.wf.updateStep(this.deps.stepId, { credential: id, authname: this.label(index) });
    if (markUsed) void this.markUsed(id);
  }

  private async markUsed(id: string): Promise<void> {
    const lastUsed = new Date(this.deps.now()).toISOString();
    try {
      await this.deps.editor.env.api.patch('/api/credentials/{id}', { params: { path: { id } }, body: { lastUsed } });
      runInAction(() => {
        const credential = this.credentials.find((c) => c.id === id);
        if (credential) credential.lastUsed = lastUsed;
      });
    } catch (error) {
      runInAction(() => {
        this.error = problemMessage(error, 'The account could not be marked as used.');
      });
    }
  }

  /** 'Choose...': the step has no account. */
  clearChoice(): void {
    this.deps.editor.wf.updateStep(this.deps.stepId, { credential: null, authname: '' });
  }

  /** Delete: the first click arms ('Really delete?'), the second deletes. */
  async requestDelete(id: string): Promise<void> {
    if (this.armedDeleteId !== id) {
      this.armedDeleteId = id;
      return;
    }
    this.armedDeleteId = null;
    try {
      await this.deps.editor.env.api.delete('/api/credentials/{id}', { params: { path: { id } } });
      runInAction(() => {
        this.credentials = this.credentials.filter((c) => c.id !== id);
      });
      if (this.data.credential === id) this.clearChoice();
    } catch (error) {
      runInAction(() => {
        this.error = problemMessage(error, 'The account could not be deleted.');
      });
    }
  }

  disarmDelete(): void {
    this.armedDeleteId = null;
  }

  /** Opens the 'Edit connection name' dialog. */
  startRename(id: string): void {
    this.renameId = id;
    this.renameValue = this.credentials.find((c) => c.id === id)?.name ?? '';
    this.renameError = '';
  }

  setRenameValue(value: string): void {
    this.renameValue = value;
    this.renameError = value.trim() === '' ? NAME_REQUIRED_TEXT : '';
  }

  cancelRename(): void {
    this.renameId = null;
  }

  /** OK in the rename dialog: the name is required (editor-core 5.2). */
  async saveRename(): Promise<boolean> {
    const id = this.renameId;
    const name = this.renameValue.trim();
    if (!id) return false;
    if (name === '') {
      this.renameError = NAME_REQUIRED_TEXT;
      return false;
    }
    try {
      await this.deps.editor.env.api.patch('/api/credentials/{id}', { params: { path: { id } }, body: { name } });
      runInAction(() => {
        const credential = this.credentials.find((c) => c.id === id);
        if (credential) credential.name = name;
        this.renameId = null;
      });
      const index = this.credentials.findIndex((c) => c.id === id);
      if (this.data.credential === id) {
        this.deps.editor.wf.updateStep(this.deps.stepId, { authname: this.label(index) });
      }
      return true;
    } catch (error) {
      runInAction(() => {
        this.renameError = problemMessage(error, 'The name could not be saved.');
      });
      return false;
    }
  }

  /** True when accounts are connected through the provider's sign-in page. */
  get usesSignIn(): boolean {
    return this.definition?.authInfo.apiType === 'oauth2';
  }

  /** '+ Add new {app} account' or 'Update connection info': the pop-up, or the account form. */
  addAccount(credentialId?: string): void {
    this.error = '';
    if (this.usesSignIn) {
      void this.openSignIn(credentialId);
      return;
    }
    this.isFormOpen = true;
    this.updatingId = credentialId ?? null;
    this.formValues = {};
    this.formName = credentialId ? (this.credentials.find((c) => c.id === credentialId)?.name ?? '') : '';
    this.formError = '';
  }

  /**
   * Opens the 600 × 700 sign-in pop-up, or the logged-out prompt without a user id. The window
   * opens synchronously (inside the click); its address follows once the ticket arrived.
   */
  async openSignIn(credentialId?: string): Promise<void> {
    const { hasSession, origin, openWindow, editor } = this.deps;
    const userId = this.userId;
    if (!userId || !hasSession) {
      this.isLoggedOutPromptShown = true;
      return;
    }
    const appSlug = this.data.type;
    try {
      const outcome = await openSignInWindow({
        open: openWindow,
        name: 'junction-sign-in',
        fetchTicket: async () => (await editor.env.api.post('/api/auth/popup-ticket')).ticket,
        address: (ticket) => signInUrl({ origin, appSlug, userId, ticket, credentialId }),
      });
      if (outcome === 'blocked') {
        runInAction(() => {
          this.error = 'The sign-in window was blocked. Allow pop-ups for this site and try again.';
        });
      }
    } catch (error) {
      runInAction(() => {
        this.error = problemMessage(error, 'Could not start the sign-in.');
      });
    }
  }

  dismissLoggedOutPrompt(): void {
    this.isLoggedOutPromptShown = false;
  }

  /** Handles a message event; returns true when it was a trusted sign-in result. */
  async receiveMessage(event: { origin: string; data: unknown }): Promise<boolean> {
    const message = readSignInMessage(event, this.trustedOrigins);
    if (!message) return false;
    if (!message.ok) {
      this.error = message.message;
      return true;
    }
    await this.load();
    this.choose(message.credentialId);
    return true;
  }

  setFormValue(key: string, value: string): void {
    this.formValues = { ...this.formValues, [key]: value };
  }

  setFormName(name: string): void {
    this.formName = name;
  }

  closeForm(): void {
    this.isFormOpen = false;
  }

  /** Saves the account form (createCredential, or updateCredential for 'Update connection info') and chooses the account. */
  async submitForm(): Promise<boolean> {
    const fields = accountFormFields(this.definition);
    const missing = fields.find((f) => (this.formValues[f.key] ?? '').trim() === '');
    if (missing) {
      this.formError = `${missing.title ?? missing.key} is required.`;
      return false;
    }
    this.isSaving = true;
    try {
      const name = this.formName.trim();
      const { api } = this.deps.editor.env;
      const values = { ...this.formValues };
      // 'Update connection info' changes the same account; the server checks the values first.
      const updating = this.updatingId;
      const created = updating
        ? await api.patch('/api/credentials/{id}', {
            params: { path: { id: updating } },
            body: { values, ...(name ? { name } : {}) },
          })
        : await api.post('/api/credentials', { body: { app: this.data.type, values, ...(name ? { name } : {}) } });
      runInAction(() => {
        const view = {
          id: created.id,
          app: created.app,
          name: created.name,
          createdAt: created.createdAt,
          lastUsed: created.lastUsed,
        };
        this.credentials = updating
          ? this.credentials.map((c) => (c.id === updating ? view : c))
          : [...this.credentials, view];
        this.isFormOpen = false;
        this.updatingId = null;
      });
      this.choose(created.id);
      return true;
    } catch (error) {
      runInAction(() => {
        this.formError = problemMessage(error, 'The account could not be saved.');
      });
      return false;
    } finally {
      runInAction(() => {
        this.isSaving = false;
      });
    }
  }

  /** Checks the chosen account (checkCredential) and keeps the server's plain message. */
  async check(): Promise<void> {
    const id = this.data.credential;
    if (!id) return;
    try {
      const answer = await this.deps.editor.env.api.post('/api/credentials/{id}/check', { params: { path: { id } } });
      runInAction(() => {
        // The server says in plain words what it found (the service's answer for a key).
        this.isCheckOk = answer.ok;
        this.checkMessage = answer.message ?? (answer.ok ? 'The connection works.' : CONNECTION_EXPIRED_TEXT);
      });
    } catch (error) {
      runInAction(() => {
        this.isCheckOk = false;
        this.checkMessage = problemMessage(error, 'The connection could not be checked.');
      });
    }
  }
}
