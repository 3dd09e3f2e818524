/**
 * The editor store's requests that are not load and save (editor-core 2.1, 4.2, 4.9, 8;
 * onboarding 2, 4): opening a session, a starter, the activation switch, sharing, the webhook
 * URL, automatic tickets and crash reports. Components call these actions; none of them talks
 * to the API itself (DESIGN "web").
 */

import { apiKey } from '@junction/core';
import { flow, type IAnyModelType, type Instance, type SnapshotIn } from 'mobx-state-tree';
import { failureText } from '../../stores/api-failure.js';
import { serverStateOf } from '../../stores/server-state.js';
import { establishSession, type SessionPlatform } from '../../stores/session.js';
import type { StoredWorkflow } from '../../stores/stored-workflow.js';
import { type AutoTicket, fileTicketOnce, type TicketStorage } from '../panels/panel-tickets.js';
import type { EditorStoreCore } from './editor-base.js';
import type { StarterRequest } from './starters.js';

/** The editor store's request actions; composed onto the store in editor-store.ts. */
export function editorRequests(self: EditorStoreCore) {
  // Reads and writes go through the server-state layer; its client only for the session token.
  const server = () => serverStateOf(self.env.api);
  return {
    /** True when the API client holds a session token. */
    hasToken(): boolean {
      return server().api.getToken() !== null;
    },
    /** Keeps a new session token (a sign-in from the modal): the client uses it from now on. */
    keepToken(token: string): void {
      server().api.setToken(token);
    },
    /**
     * Establishes the session (editor-core 2.1): exchanges `c` once or takes the stored token;
     * returns the token, or null. A failed exchange throws.
     */
    establishSession(platform: SessionPlatform): Promise<string | null> {
      return establishSession(server(), platform);
    },
    /** The signed-in user (GET /api/auth/me). */
    profile() {
      return server().read('/api/auth/me', undefined);
    },
    /**
     * The address the code modal names when the account is not verified yet, else null
     * (onboarding 4). A failed call shows nothing this time.
     */
    async unverifiedEmail(): Promise<string | null> {
      try {
        const me = await server().read('/api/auth/me', undefined);
        return me.emailVerified ? null : me.email;
      } catch {
        return null;
      }
    },
    /** The id of the user's newest workflow, or null when there is none or the list fails. */
    async newestWorkflowId(): Promise<string | null> {
      try {
        return (await server().read('/api/workflows', undefined)).items[0]?.id ?? null;
      } catch {
        return null;
      }
    },
    /**
     * Makes the workflow a starter address describes (onboarding 2, POST /api/starters) and
     * opens it; returns its id, or why it could not be made (nothing is opened then).
     */
    openStarter: flow(function* openStarter(request: StarterRequest) {
      self.setLoadPhase('loading');
      try {
        const stored: StoredWorkflow = yield server().mutate(
          (client) => client.post('/api/starters', { body: request }),
          {
            invalidates: [apiKey('/api/dashboard/workflows')],
          },
        );
        self.applyStored(stored);
        self.setLoadPhase('loaded');
        return { id: stored.id } as const;
      } catch (error) {
        self.setLoadPhase('unloaded');
        return { failure: failureText(error, 'The starter workflow could not be created.') } as const;
      }
    }),
    /**
     * Switches the open workflow ON or OFF on the server (editor-core 4.2): pending edits are
     * saved first, then PUT …/active, then the stored workflow is read back (the switch bumps
     * the revision and may write the trigger's set-up message). Returns the stored flag;
     * throws the failure (an `ApiError` from the server).
     */
    async switchActive(active: boolean): Promise<boolean> {
      await self.saveNow();
      if (self.savePhase === 'saveFailed') throw new Error('The save before the switch failed.');
      const id = self.wf.id;
      const answer = await server().mutate(
        (client) => client.put('/api/workflows/{id}/active', { params: { path: { id } }, body: { active } }),
        { invalidates: [apiKey('/api/dashboard/workflows')] },
      );
      let stored: StoredWorkflow | null = null;
      try {
        stored = await server().read('/api/workflows/{id}', { params: { path: { id } } });
      } catch {
        // The switch happened; the next save will report any trouble reaching the server.
      }
      if (stored && !self.hasUnsavedChanges) self.applyStored(stored);
      else self.applyActivation(answer.active, stored?.revision ?? null);
      return answer.active;
    },
    /** Saves, then shares the workflow as a template (editor-core 4.9); returns the template's address. */
    async shareAsTemplate(title: string, description: string): Promise<string> {
      await self.saveNow();
      const id = self.wf.id;
      const result = await server().mutate((client) =>
        client.post('/api/workflows/{id}/share', { params: { path: { id } }, body: { title, description } }),
      );
      return result.url;
    },
    /** The open workflow's webhook URL (GET /api/workflows/{id}/hook). */
    async webhookUrl(): Promise<string> {
      return (await server().read('/api/workflows/{id}/hook', { params: { path: { id: self.wf.id } } })).url;
    },
    /** Makes a new webhook URL; the old one stops at once (POST /api/workflows/{id}/hook). */
    async newWebhookUrl(): Promise<string> {
      const id = self.wf.id;
      const made = await server().mutate(
        (client) => client.post('/api/workflows/{id}/hook', { params: { path: { id } } }),
        {
          invalidates: [apiKey('/api/workflows/{id}/hook', { path: { id } })],
        },
      );
      return made.url;
    },
    /**
     * Files an automatic ticket once (editor-core 8). The team's business: a failure is
     * retried next time, silently.
     */
    fileAutoTicket(ticket: AutoTicket, where: { storage: TicketStorage; editorUrl: string }): void {
      void server()
        .mutate((client) => fileTicketOnce(ticket, { api: client, ...where }))
        .catch(() => undefined);
    },
    /**
     * Creates a panel's or a dialog's model (its own tree) with the editor's environment, the
     * editor store itself as `editor`, and `extra` (callbacks, a clock for tests).
     *
     * @example
     * const model = editor.createPanelModel(DropdownModel, { stepId, field });
     */
    createPanelModel<T extends IAnyModelType>(type: T, snapshot: SnapshotIn<T>, extra: object = {}): Instance<T> {
      return type.create(snapshot, { ...self.env, editor: self, ...extra });
    },
    /** Reports a panel that failed to render (editor-core 8 "Panel render failure"); never throws. */
    reportPanelCrash(error: unknown): void {
      const text = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
      void server()
        .mutate((client) =>
          client.post('/api/error-reports', { body: { source: 'step panel', error: text.slice(0, 20_000) } }),
        )
        .catch(() => undefined);
    },
  };
}
