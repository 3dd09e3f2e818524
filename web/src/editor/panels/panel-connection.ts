/**
 * The connection panel of a step (editor-core 2.5, 4.7, 5.2): the account picker with labels
 * '{app} - {name}#{n}', the automatic choice (most recently used, else the last), the
 * more-menu (rename, update, two-click delete), the API-key / basic account form and the
 * 600 × 700 sign-in pop-up whose messages are accepted only from trusted origins.
 */
import {
  type AppDefinition,
  accountFormFields,
  accountLabel,
  apiKey,
  type OptimisticEdit,
  pickCredential,
  type ServerState,
  type StepData,
} from '@junction/core';
import { type Instance, types } from 'mobx-state-tree';
import { type OpenWindow, openSignInWindow, readSignInMessage, signInUrl } from '../../shared/sign-in-window.js';
import { failureText } from '../../stores/api-failure.js';
import { type Resource, resourceOf, serverStateOf } from '../../stores/server-state.js';
import { type PanelEnv, panelEnv } from '../model/panel-common.js';
import type { CredentialView } from '../model/types.js';

/** Shown when a connection check fails (editor-core 4.7). */
export const CONNECTION_EXPIRED_TEXT = 'Connection expired, please reconnect an account';

/** Shown when the rename dialog's name is empty (editor-core 5.2). */
export const NAME_REQUIRED_TEXT = 'The connection name is required.';

/** The 'Add new' entry of the picker. */
export function addAccountText(app: string): string {
  return `+ Add new ${app} account`;
}

/** The fields an account form asks for, by the app's auth scheme: core's rule (apps/credential-fields). */
export { accountFormFields } from '@junction/core';

/** What the connection panel's tree is created with (the editor's `createPanelModel`). */
export interface ConnectionEnv extends PanelEnv {
  /** The editor's origin: the pop-up's address and the only trusted message origin. */
  origin: string;
  /** Whether the editor holds a session (the pop-up's ticket is asked for with it). */
  hasSession: boolean;
  /** Opens the pop-up; returns null when the browser blocked it. */
  openWindow: OpenWindow;
}

/** The connection panel's own state (what its actions set); the accounts are the layer's. */
interface ConnectionState {
  /** The last failed write or sign-in, in words; a failed list read is the list's own problem. */
  actionError: string;
  /** The account whose delete was clicked once ('Really delete?'). */
  armedDeleteId: string | null;
  renameId: string | null;
  renameValue: string;
  renameError: string;
  isFormOpen: boolean;
  formValues: Record<string, string>;
  formName: string;
  formError: string;
  isSaving: boolean;
  /** The account 'Update connection info' edits; null while the form adds a new one. */
  updatingId: string | null;
  checkMessage: string;
  /** True when the last check found the account working (the message is then a success). */
  isCheckOk: boolean;
  isLoggedOutPromptShown: boolean;
  /** The chosen app's definition (its auth scheme and form fields); JSON kept by reference. */
  definition: AppDefinition | null;
}

/** The accounts of one app: GET /api/credentials?app=, a query of the server-state layer. */
const accountsQuery = (server: ServerState, app: string) =>
  server.query('/api/credentials', { params: { query: { app } } });
type AccountList = NonNullable<ReturnType<typeof accountsQuery>['state']['data']>;
type AccountItem = AccountList['items'][number];

/** Every list of accounts (each app's, the dashboard's): what a write of an account changes. */
const ALL_ACCOUNTS = apiKey('/api/credentials');

/** The picker's view of a listed or saved account. */
function credentialView({ id, app, name, createdAt, lastUsed }: CredentialView): CredentialView {
  return { id, app, name, createdAt, lastUsed };
}

/** The account picker and its dialogs for one step; made by the editor's `createPanelModel`. */
export const ConnectionModel = types
  .model('Connection', {
    stepId: types.string,
    /** The signed-in user's id: the address's `u`, else what the profile says. */
    userId: types.maybeNull(types.string),
  })
  .volatile(
    (): ConnectionState => ({
      actionError: '',
      armedDeleteId: null,
      renameId: null,
      renameValue: '',
      renameError: '',
      isFormOpen: false,
      formValues: {},
      formName: '',
      formError: '',
      isSaving: false,
      updatingId: null,
      checkMessage: '',
      isCheckOk: false,
      isLoggedOutPromptShown: false,
      definition: null,
    }),
  )
  .views((self) => ({
    get env(): ConnectionEnv {
      return panelEnv<ConnectionEnv>(self);
    },
    get data(): StepData {
      const step = panelEnv(self).editor.wf.stepById(self.stepId);
      if (!step) throw new Error(`Step ${self.stepId} is not in the workflow.`);
      return step.data as StepData;
    },
    /** The editor's server-state layer (one cache with every other screen). */
    get server(): ServerState {
      const { editor } = panelEnv(self);
      return serverStateOf(editor.env.api);
    },
  }))
  .views((self) => ({
    /** The app's accounts as a resource: read in an observer, it loads and is aborted when the panel closes. */
    get accounts(): Resource<AccountList> {
      return resourceOf(accountsQuery(self.server, self.data.type));
    },
  }))
  .views((self) => ({
    /** 'loading' before the first answer, 'failed' when the list could not be read, else 'loaded' ('idle' before any request). */
    get phase(): 'idle' | 'loading' | 'loaded' | 'failed' {
      const { status, isFetching, data } = self.accounts.state;
      if (data !== undefined) return 'loaded';
      if (status === 'error') return 'failed';
      return isFetching ? 'loading' : 'idle';
    },
    /** The listed accounts (the last answer, with this panel's edits shown at once). */
    get credentials(): CredentialView[] {
      return (self.accounts.data?.items ?? []).map(credentialView);
    },
    /** What went wrong last, in words: a write or the sign-in, else the list's read. */
    get error(): string {
      if (self.actionError) return self.actionError;
      const { status, error } = self.accounts.state;
      return status === 'error' ? failureText(error, 'The accounts could not be loaded.') : '';
    },
  }))
  .views((self) => ({
    get appName(): string {
      return self.data.label || self.data.type;
    },
    get selectedId(): string | null {
      return self.data.credential;
    },
    /**
     * True when the step uses a connection this member cannot open: it is not among the accounts
     * the server lists for them (another member's private connection, or one deleted since).
     */
    get usesUnopenableConnection(): boolean {
      const id = self.data.credential;
      return self.phase === 'loaded' && id !== null && !self.credentials.some((c) => c.id === id);
    },
    get trustedOrigins(): string[] {
      return [self.env.origin];
    },
    /** True when accounts are connected through the provider's sign-in page. */
    get usesSignIn(): boolean {
      return self.definition?.authInfo.apiType === 'oauth2';
    },
  }))
  .views((self) => ({
    /** The picker's label of the account at `index`. */
    label(index: number): string {
      return accountLabel(self.appName, self.credentials[index]?.name, index);
    },
  }))
  .actions((self) => ({
    /** Sets part of the panel's state (what a request's answer changes). */
    set(values: Partial<ConnectionState>): void {
      Object.assign(self, values);
    },
    /** Sets the user id once the profile is known (the address may not carry `u`). */
    setUserId(userId: string | null): void {
      self.userId = userId;
    },
    setDefinition(definition: AppDefinition | null): void {
      self.definition = definition;
    },
    /** 'Choose...': the step has no account. */
    clearChoice(): void {
      self.env.editor.wf.setStepAccount(self.stepId, null);
    },
    disarmDelete(): void {
      self.armedDeleteId = null;
    },
    /** Opens the 'Edit connection name' dialog. */
    startRename(id: string): void {
      self.renameId = id;
      self.renameValue = self.credentials.find((c) => c.id === id)?.name ?? '';
      self.renameError = '';
    },
    setRenameValue(value: string): void {
      self.renameValue = value;
      self.renameError = value.trim() === '' ? NAME_REQUIRED_TEXT : '';
    },
    cancelRename(): void {
      self.renameId = null;
    },
    dismissLoggedOutPrompt(): void {
      self.isLoggedOutPromptShown = false;
    },
    setFormValue(key: string, value: string): void {
      self.formValues = { ...self.formValues, [key]: value };
    },
    setFormName(name: string): void {
      self.formName = name;
    },
    closeForm(): void {
      self.isFormOpen = false;
    },
  }))
  .views((self) => ({
    /** An edit of this app's cached list, shown at once and rolled back when the write fails. */
    editList(update: (items: AccountItem[]) => AccountItem[]): OptimisticEdit {
      return {
        key: self.accounts.query.key,
        update: (old) => {
          const list = old as AccountList | undefined;
          return list ? { ...list, items: update(list.items) } : list;
        },
      };
    },
  }))
  .actions((self) => {
    const markUsed = async (id: string): Promise<void> => {
      const lastUsed = new Date(self.env.now()).toISOString();
      try {
        await self.server.mutate(
          (api) => api.patch('/api/credentials/{id}', { params: { path: { id } }, body: { lastUsed } }),
          {
            optimistic: [self.editList((items) => items.map((c) => (c.id === id ? { ...c, lastUsed } : c)))],
            invalidates: [ALL_ACCOUNTS],
          },
        );
      } catch (error) {
        self.set({ actionError: failureText(error, 'The account could not be marked as used.') });
      }
    };
    return {
      /** Chooses an account for the step and marks it used. */
      choose(id: string, { markUsed: isMarked = true }: { markUsed?: boolean } = {}): void {
        const index = self.credentials.findIndex((c) => c.id === id);
        if (index === -1) return;
        self.checkMessage = '';
        self.env.editor.wf.setStepAccount(self.stepId, id, self.label(index));
        if (isMarked) void markUsed(id);
      },
      /**
       * Opens the 600 × 700 sign-in pop-up, or the logged-out prompt without a user id. The window
       * opens synchronously (inside the click); its address follows once the ticket arrived.
       */
      async openSignIn(credentialId?: string): Promise<void> {
        const { hasSession, origin, openWindow } = self.env;
        const userId = self.userId;
        if (!userId || !hasSession) {
          self.set({ isLoggedOutPromptShown: true });
          return;
        }
        const appSlug = self.data.type;
        try {
          const outcome = await openSignInWindow({
            open: openWindow,
            name: 'junction-sign-in',
            fetchTicket: async () => (await self.server.mutate((api) => api.post('/api/auth/popup-ticket'))).ticket,
            address: (ticket) => signInUrl({ origin, appSlug, userId, ticket, credentialId }),
          });
          if (outcome === 'blocked') {
            self.set({ actionError: 'The sign-in window was blocked. Allow pop-ups for this site and try again.' });
          }
        } catch (error) {
          self.set({ actionError: failureText(error, 'Could not start the sign-in.') });
        }
      },
    };
  })
  .actions((self) => {
    return {
      /**
       * Reads the app's accounts again (sharing a read in flight); a step without one takes the
       * automatic choice. A failure is the list's problem (`error`, `phase`).
       */
      async load(): Promise<void> {
        self.set({ actionError: '' });
        try {
          await self.accounts.query.fetch();
        } catch {
          return;
        }
        if (self.data.credential === null) {
          const picked = pickCredential(self.credentials);
          if (picked) self.choose(picked.id, { markUsed: false });
        }
      },
      /** Delete: the first click arms ('Really delete?'), the second deletes. */
      async requestDelete(id: string): Promise<void> {
        if (self.armedDeleteId !== id) {
          self.set({ armedDeleteId: id });
          return;
        }
        self.set({ armedDeleteId: null });
        try {
          await self.server.mutate((api) => api.delete('/api/credentials/{id}', { params: { path: { id } } }), {
            optimistic: [self.editList((items) => items.filter((c) => c.id !== id))],
            invalidates: [ALL_ACCOUNTS],
          });
          if (self.data.credential === id) self.clearChoice();
        } catch (error) {
          self.set({ actionError: failureText(error, 'The account could not be deleted.') });
        }
      },
      /** OK in the rename dialog: the name is required (editor-core 5.2). */
      async saveRename(): Promise<boolean> {
        const id = self.renameId;
        const name = self.renameValue.trim();
        if (!id) return false;
        if (name === '') {
          self.set({ renameError: NAME_REQUIRED_TEXT });
          return false;
        }
        try {
          await self.server.mutate(
            (api) => api.patch('/api/credentials/{id}', { params: { path: { id } }, body: { name } }),
            {
              optimistic: [self.editList((items) => items.map((c) => (c.id === id ? { ...c, name } : c)))],
              invalidates: [ALL_ACCOUNTS],
            },
          );
          self.set({ renameId: null });
          const index = self.credentials.findIndex((c) => c.id === id);
          if (self.data.credential === id) {
            self.env.editor.wf.relabelStepAccount(self.stepId, self.label(index));
          }
          return true;
        } catch (error) {
          self.set({ renameError: failureText(error, 'The name could not be saved.') });
          return false;
        }
      },
      /** '+ Add new {app} account' or 'Update connection info': the pop-up, or the account form. */
      addAccount(credentialId?: string): void {
        self.set({ actionError: '' });
        if (self.usesSignIn) {
          void self.openSignIn(credentialId);
          return;
        }
        self.set({
          isFormOpen: true,
          updatingId: credentialId ?? null,
          formValues: {},
          formName: credentialId ? (self.credentials.find((c) => c.id === credentialId)?.name ?? '') : '',
          formError: '',
        });
      },
      /** Saves the account form (createCredential, or updateCredential for 'Update connection info') and chooses the account. */
      async submitForm(): Promise<boolean> {
        const fields = accountFormFields(self.definition);
        const missing = fields.find((f) => (self.formValues[f.key] ?? '').trim() === '');
        if (missing) {
          self.set({ formError: `${missing.title ?? missing.key} is required.` });
          return false;
        }
        self.set({ isSaving: true });
        try {
          const name = self.formName.trim();
          const values = { ...self.formValues };
          // 'Update connection info' changes the same account; the server checks the values first.
          const updating = self.updatingId;
          const listKey = self.accounts.query.key;
          const created = await self.server.mutate(
            (api) =>
              updating
                ? api.patch('/api/credentials/{id}', {
                    params: { path: { id: updating } },
                    body: { values, ...(name ? { name } : {}) },
                  })
                : api.post('/api/credentials', {
                    body: { app: self.data.type, values, ...(name ? { name } : {}) },
                  }),
            {
              // The saved account shows in the list at once (before the list is read again).
              onSuccess: (saved, cache) => {
                const list = cache.find<AccountList>(listKey);
                const old = list?.state.data;
                if (!list || !old) return;
                const items = updating
                  ? old.items.map((c) => (c.id === updating ? { ...c, ...saved } : c))
                  : [...old.items, saved];
                list.setData({ ...old, items });
              },
              invalidates: [ALL_ACCOUNTS],
            },
          );
          self.set({ isFormOpen: false, updatingId: null });
          self.choose(created.id);
          return true;
        } catch (error) {
          self.set({ formError: failureText(error, 'The account could not be saved.') });
          return false;
        } finally {
          self.set({ isSaving: false });
        }
      },
      /** Checks the chosen account (checkCredential) and keeps the server's plain message. */
      async check(): Promise<void> {
        const id = self.data.credential;
        if (!id) return;
        try {
          const answer = await self.server.mutate((api) =>
            api.post('/api/credentials/{id}/check', { params: { path: { id } } }),
          );
          // The server says in plain words what it found (the service's answer for a key).
          self.set({
            isCheckOk: answer.ok,
            checkMessage: answer.message ?? (answer.ok ? 'The connection works.' : CONNECTION_EXPIRED_TEXT),
          });
        } catch (error) {
          self.set({ isCheckOk: false, checkMessage: failureText(error, 'The connection could not be checked.') });
        }
      },
    };
  })
  .actions((self) => ({
    /** Handles a message event; returns true when it was a trusted sign-in result. */
    async receiveMessage(event: { origin: string; data: unknown }): Promise<boolean> {
      const message = readSignInMessage(event, self.trustedOrigins);
      if (!message) return false;
      if (!message.ok) {
        self.set({ actionError: message.message });
        return true;
      }
      await self.load();
      self.choose(message.credentialId);
      return true;
    },
  }));

/** A connection panel instance. */
export interface IConnectionModel extends Instance<typeof ConnectionModel> {}
