/**
 * Reads and writes `workspace_app_events`: the actions and triggers a workspace added to an app
 * it does not own (onboarding 4 "Custom-trigger wizard"). The registry lays them over the app
 * for that workspace (core's withWorkspaceEvents), so the engine, step tests and the panels'
 * event lists see them at once.
 */
import type { WorkspaceEvents } from '@junction/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { readJson, writeJson } from '../json.js';

/** The store of one database. */
export interface WorkspaceEventsStore {
  /** The workspace's additions to one app (undefined when none). */
  get(tenantId: string, slug: string): Promise<WorkspaceEvents | undefined>;
  /** Every app the workspace added events to, by slug. */
  listFor(tenantId: string): Promise<Map<string, WorkspaceEvents>>;
  /** Replaces the workspace's additions to one app; empty additions remove the row. */
  put(tenantId: string, slug: string, events: WorkspaceEvents, at: string): Promise<void>;
}

/** Builds the store over a database. */
export function createWorkspaceEventsStore(db: Kysely<Database>): WorkspaceEventsStore {
  const toEvents = (row: { actions: unknown; triggers: unknown }): WorkspaceEvents => ({
    actions: readJson<WorkspaceEvents['actions']>(row.actions as never),
    triggers: readJson<WorkspaceEvents['triggers']>(row.triggers as never),
  });
  return {
    async get(tenantId, slug) {
      const row = await db
        .selectFrom('workspace_app_events')
        .select(['actions', 'triggers'])
        .where('tenant_id', '=', tenantId)
        .where('app_slug', '=', slug)
        .executeTakeFirst();
      return row ? toEvents(row) : undefined;
    },
    async listFor(tenantId) {
      const rows = await db
        .selectFrom('workspace_app_events')
        .select(['app_slug', 'actions', 'triggers'])
        .where('tenant_id', '=', tenantId)
        .execute();
      return new Map(rows.map((row) => [row.app_slug, toEvents(row)]));
    },
    async put(tenantId, slug, events, at) {
      await db
        .deleteFrom('workspace_app_events')
        .where('tenant_id', '=', tenantId)
        .where('app_slug', '=', slug)
        .execute();
      if (Object.keys(events.actions).length === 0 && Object.keys(events.triggers).length === 0) return;
      await db
        .insertInto('workspace_app_events')
        .values({
          tenant_id: tenantId,
          app_slug: slug,
          actions: writeJson(events.actions),
          triggers: writeJson(events.triggers),
          updated_at: at,
        })
        .execute();
    },
  };
}
