/**
 * The workspace's runs page (/runs, docs/runs-at-scale.md): the search (GET /api/executions by
 * status, dates, workflow and text), bulk re-run and cancel (POST /api/executions/bulk) and a bulk
 * action's progress (GET /api/executions/bulk/{id}, polled until it finishes). A page store of
 * the root over the server-state layer; the filters are core's `runSearchQuery`.
 */
import { apiKey, type RunSearchFilters, runSearchQuery, type ServerState } from '@junction/core';
import { ApiModel } from '../stores/api-model.js';
import { type Resource, resourceOf } from '../stores/server-state.js';

/** Runs on one page of the search. */
export const RUNS_PAGE_SIZE = 50;
/** How often a running bulk action's progress is asked for. */
export const BULK_POLL_MS = 1_000;

type SearchQuery = { status?: 'failed'; from?: string; to?: string; workflowId?: string; text?: string };

const searchQuery = (server: ServerState, filters: RunSearchFilters, cursor?: string) =>
  server.query(
    '/api/executions',
    {
      params: {
        query: { ...(runSearchQuery(filters) as SearchQuery), limit: RUNS_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      },
    },
    { pollMs: cursor ? undefined : 10_000 },
  );
const bulkQuery = (server: ServerState, jobId: string) =>
  server.query('/api/executions/bulk/{jobId}', { params: { path: { jobId } } }, { pollMs: BULK_POLL_MS });

/** A page of the search as GET /api/executions answers it. */
export type RunSearchPage = NonNullable<ReturnType<typeof searchQuery>['state']['data']>;
/** One run of the search. */
export type RunSearchRow = RunSearchPage['items'][number];
/** A bulk action's progress. */
export type BulkRunJob = NonNullable<ReturnType<typeof bulkQuery>['state']['data']>;

/** What a bulk action works on: the chosen runs, or every run the search keeps. */
export type BulkTarget = { executionIds: string[] } | { filters: RunSearchFilters };

/** The runs page's calls. */
export const RunsSearchStoreModel = ApiModel.named('RunsSearchStore')
  .views((self) => ({
    /** The newest page of the search as a resource (polled while on screen). */
    firstPage(filters: RunSearchFilters): Resource<RunSearchPage> {
      return resourceOf(searchQuery(self.server, filters));
    },
    /** A bulk action's progress as a resource, polled while on screen. */
    bulkJob(jobId: string): Resource<BulkRunJob> {
      return resourceOf(bulkQuery(self.server, jobId));
    },
  }))
  .actions((self) => ({
    /** An older page of the search (Load more). */
    nextPage(filters: RunSearchFilters, cursor: string): Promise<RunSearchPage> {
      return searchQuery(self.server, filters, cursor).fetch();
    },
    /** Starts a bulk re-run (from each run's failed step) or cancel; answers its first progress. */
    startBulk(action: 'rerun' | 'cancel', target: BulkTarget, version: 'original' | 'latest'): Promise<BulkRunJob> {
      const chosen =
        'executionIds' in target
          ? { executionIds: target.executionIds }
          : { filter: runSearchQuery(target.filters) as SearchQuery };
      return self.server.mutate(
        (api) =>
          api.post('/api/executions/bulk', {
            body: { action, ...chosen, ...(action === 'rerun' ? { version } : {}) },
          }),
        { invalidates: [apiKey('/api/executions')] },
      );
    },
  }));
