/**
 * Runs at scale (services/run-bulk.ts, docs/runs-at-scale.md): the workspace-wide run search and
 * bulk actions (re-run from the failed step, cancel) that run in the background with progress.
 */
import type { BulkRunProgress, RunSearchQuery as RunFilters } from '@junction/core';
import type { AuthContext } from '../views.js';
import type { ExecutionSummaryView } from './engine.js';

/** The search's filters (the query of `GET /api/executions`): core's filters, the revision and a page. */
export interface RunSearchQuery extends RunFilters {
  /** The workflow revision the run ran. */
  revision?: number;
  limit?: number;
  cursor?: string;
}

/** What a bulk action does and to which runs: the chosen ids, or every run the filter keeps. */
export interface BulkRunInput {
  action: 'rerun' | 'cancel';
  executionIds?: string[];
  filter?: Omit<RunSearchQuery, 'limit' | 'cursor'>;
  /** For a re-run: the version the run ran, or the workflow's current one (default original). */
  version?: 'original' | 'latest';
}

/** A bulk action's progress (core's counts) with what it started and the problems it met. */
export interface BulkRunView extends BulkRunProgress {
  id: string;
  /** The first problems (at most 20), each naming its run. */
  problems: { executionId: string; message: string }[];
  /** The runs a re-run started, in order (at most 1,000). */
  started: string[];
}

/** The dashboard's run pictures (docs/runs-at-scale.md "Dashboard"). */
export interface RunStatsView {
  period: 7 | 30;
  days: { day: string; succeeded: number; failed: number; other: number }[];
  totals: { succeeded: number; failed: number; other: number };
  /** failed / (failed + succeeded) over the period; null without finished runs. */
  failureRate: number | null;
  /** The workflows failing most over the period (at most 5), most first. */
  topFailing: { workflowId: string; name: string; failed: number }[];
  /** Runs waiting in a delay now. */
  waiting: number;
}

/** Runs at scale. */
export interface RunsService {
  stats(ctx: AuthContext, period: 7 | 30): Promise<RunStatsView>;
  search(ctx: AuthContext, query: RunSearchQuery): Promise<{ items: ExecutionSummaryView[]; nextCursor?: string }>;
  startBulk(ctx: AuthContext, input: BulkRunInput): Promise<BulkRunView>;
  getBulk(ctx: AuthContext, id: string): Promise<BulkRunView>;
}
