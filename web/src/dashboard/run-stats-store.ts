/**
 * The dashboard home's run pictures (GET /api/executions/stats?days=7|30, docs/runs-at-scale.md):
 * a page store of the root over the server-state layer; each period is its own cached resource,
 * polled while on screen, so the 7/30-day toggle flips between two answers without a flash.
 */
import type { RunStatsPeriod, ServerState } from '@junction/core';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';

/** How often the pictures ask again while on screen (runs arrive all the time). */
export const RUN_STATS_POLL_MS = 30_000;

const statsQuery = (server: ServerState, days: RunStatsPeriod) =>
  server.query('/api/executions/stats', { params: { query: { days } } }, { pollMs: RUN_STATS_POLL_MS });

/** The counts as GET /api/executions/stats answers them. */
export type RunStats = NonNullable<ReturnType<typeof statsQuery>['state']['data']>;

/** The run pictures' reads. */
export const RunStatsStoreModel = ApiModel.named('RunStatsStore').views((self) => ({
  /** The counts of the last `days` days (UTC) as a resource: read it inside an observer. */
  stats(days: RunStatsPeriod): Resource<RunStats> {
    return resourceOf(statsQuery(self.server, days));
  },
}));
