/**
 * Polling with dedupe: call the trigger's list action, take the items under
 * `data_head` ('0' = the whole body is the list), key each by `dedupe_key`, and hand the
 * unseen ones to `ingest` with `dedupeKey: 'poll:{stepId}:{key}'`. The engine commits each
 * key with the execution it creates, in one transaction, so a crash between poll and commit
 * loses nothing (the next poll sees the item again) and a commit never fires twice.
 */
import { lookupPath } from '@junction/core';
import type { IngestEvent } from '../../kernel/contracts/engine.js';

/** One keyed item of a poll. */
export interface PolledItem {
  key: string;
  item: unknown;
}

/** What a list response yields. */
export type ExtractResult = { ok: true; items: PolledItem[]; withoutKey: number } | { ok: false; error: string };

/** The dedupe key of one polled item, unique per workflow. */
export function pollDedupeKey(stepId: string, key: string): string {
  return `poll:${stepId}:${key}`;
}

/**
 * Takes the items of a list response and keys them, oldest first. Lists are read as APIs
 * answer them, newest first (the Demo CRM's and the usual convention), so the order is
 * reversed; an item appearing twice keeps its first (newest) position. Items whose key is
 * missing or not text/number are counted in `withoutKey` and skipped. An object answer without
 * the `data_head` key is an empty list (Google's APIs omit empty lists).
 *
 * @example extractItems({ contacts: [{ id: 'b' }, { id: 'a' }] }, 'contacts', 'id')
 * // { ok: true, items: [{ key: 'a', … }, { key: 'b', … }], withoutKey: 0 }
 */
export function extractItems(body: unknown, dataHead: string, dedupeKey: string): ExtractResult {
  const found = dataHead === '0' ? { found: true, value: body } : lookupPath(body, dataHead);
  // APIs that answer in proto3 JSON (Google's) leave an empty list out: `{ resultSizeEstimate: 0 }`.
  const isEmptyAnswer = !found.found && typeof body === 'object' && body !== null && !Array.isArray(body);
  const list = isEmptyAnswer ? [] : found.value;
  if (!Array.isArray(list)) {
    return {
      ok: false,
      error:
        dataHead === '0'
          ? 'The response is not a list.'
          : `The response has no list under '${dataHead}' (the trigger's Array Name).`,
    };
  }
  const seen = new Set<string>();
  const items: PolledItem[] = [];
  let withoutKey = 0;
  for (const item of list) {
    const found = lookupPath(item, dedupeKey);
    const value = found.value;
    if (!found.found || (typeof value !== 'string' && typeof value !== 'number') || String(value) === '') {
      withoutKey += 1;
      continue;
    }
    const key = String(value);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ key, item });
  }
  items.reverse();
  return { ok: true, items, withoutKey };
}

/**
 * The ingest events of one poll: each item with its dedupe key; `recordOnly` on the first
 * poll after activation, which remembers what exists and fires nothing.
 */
export function pollEvents(
  target: { tenantId: string; workflowId: string; stepId: string },
  items: readonly PolledItem[],
  recordOnly: boolean,
): IngestEvent[] {
  return items.map(({ key, item }) => ({
    tenantId: target.tenantId,
    workflowId: target.workflowId,
    trigger: 'polling',
    triggerData: item,
    dedupeKey: pollDedupeKey(target.stepId, key),
    ...(recordOnly ? { recordOnly: true } : {}),
  }));
}
