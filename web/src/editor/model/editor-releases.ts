/**
 * The editor store's lifecycle requests (DESIGN "A workflow's life", docs/drafts-and-versions.md):
 * the impact of publishing the draft, publish, discard, the history of versions, opening a
 * version read-only on the canvas and restoring one as the draft. Composed onto the store in
 * editor-store.ts; every request goes through the server-state layer.
 */

import type { DraftImpact, WorkflowVersion } from '@junction/api-spec';
import { apiKey } from '@junction/core';
import { serverStateOf } from '../../stores/server-state.js';
import type { StoredWorkflow } from '../../stores/stored-workflow.js';
import type { EditorStoreCore } from './editor-base.js';

/** What the canvas says while a version is open read-only. */
export function versionBannerText(number: number): string {
  return `Version ${number}, as it was published (read-only).`;
}

/** The editor store's lifecycle actions. */
export function editorReleases(self: EditorStoreCore) {
  const server = () => serverStateOf(self.env.api);
  const workflowKeys = (id: string) => [
    apiKey('/api/workflows/{id}', { path: { id } }),
    apiKey('/api/workflows/{id}/versions', { path: { id } }),
    apiKey('/api/dashboard/workflows'),
  ];
  /** Applies the server's workflow outside the history, unless edits are waiting to be saved. */
  const apply = (stored: StoredWorkflow) => {
    self.applyStored(stored);
  };
  return {
    /** What publishing the draft would do: the change in words and the runs in flight. */
    async publishImpact(): Promise<DraftImpact> {
      await self.saveNow();
      const id = self.wf.id;
      return server().read('/api/workflows/{id}/draft', { params: { path: { id } } });
    },
    /**
     * Publishes the draft with an optional note (pending edits saved first); the editor then
     * shows the workflow as live. Throws the server's refusal (an `ApiError`: activation.blocked
     * names the steps).
     */
    async publish(note: string): Promise<WorkflowVersion> {
      await self.saveNow();
      if (self.savePhase === 'saveFailed') throw new Error('The save before publishing failed.');
      const id = self.wf.id;
      const answer = await server().mutate(
        (client) =>
          client.post('/api/workflows/{id}/publish', {
            params: { path: { id } },
            body: {
              ...(note.trim() ? { note: note.trim() } : {}),
              ...(self.revision === null ? {} : { expectedRevision: self.revision }),
            },
          }),
        { invalidates: workflowKeys(id) },
      );
      apply(answer.workflow);
      return answer.version;
    },
    /** Drops the draft: the editor returns to the published version. */
    async discardDraft(): Promise<void> {
      await self.saveNow();
      const id = self.wf.id;
      const stored = await server().mutate(
        (client) => client.delete('/api/workflows/{id}/draft', { params: { path: { id } } }),
        { invalidates: workflowKeys(id) },
      );
      apply(stored);
    },
    /** The published versions, newest first. */
    async listVersions(): Promise<WorkflowVersion[]> {
      const id = self.wf.id;
      return (await server().read('/api/workflows/{id}/versions', { params: { path: { id } } })).items;
    },
    /**
     * Opens a version read-only on the canvas: pending edits are saved first, nothing is saved
     * while it shows; {@link closeVersion} returns to the draft.
     */
    async openVersion(number: number): Promise<void> {
      await self.saveNow();
      const id = self.wf.id;
      const version = await server().read('/api/workflows/{id}/versions/{number}', {
        params: { path: { id, number } },
      });
      self.setViewingVersion(number, versionBannerText(number));
      self.applyStored({
        id,
        name: version.document.name,
        active: self.wf.active,
        revision: self.revision ?? 0,
        document: version.document,
        state: self.lifecycle ?? undefined,
        ...(self.publishedVersion === null ? {} : { publishedVersion: self.publishedVersion }),
      });
    },
    /** Leaves a version open read-only: the workflow as the editor edits it is read again. */
    async closeVersion(): Promise<void> {
      const id = self.wf.id;
      const stored = await server().read('/api/workflows/{id}', { params: { path: { id } } });
      self.setViewingVersion(null, null);
      apply(stored);
    },
    /** Makes a version the draft (ON) or the document (OFF); nothing runs it until it is published. */
    async restoreVersion(number: number): Promise<void> {
      if (self.viewingVersion === null) await self.saveNow();
      const id = self.wf.id;
      const stored = await server().mutate(
        (client) => client.post('/api/workflows/{id}/versions/{number}/restore', { params: { path: { id, number } } }),
        { invalidates: workflowKeys(id) },
      );
      if (self.viewingVersion !== null) self.setViewingVersion(null, null);
      apply(stored);
    },
  };
}
