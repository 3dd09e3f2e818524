/**
 * App webhook subscriptions: a declared app's webhook trigger names a
 * subscribe action (`performList`) and an unsubscribe action. Switching ON posts Junction's
 * URL `{publicUrl}/hooks/{key}` to the app through the subscribe action and keeps the app's
 * answer; switching OFF calls the unsubscribe action with the values of that answer (its
 * `id`, for example). Both go through `executeStep`, so the credential and the SSRF guard
 * apply as for any step.
 */
import type { ActionDef } from '@junction/core';
import { executeStep } from '../../integrations/executor.js';
import type { RunnableApp } from '../../integrations/registry.js';
import type { HttpClient } from '../../security/http-client.js';
import { hideSecrets } from './runner.js';

/** Field names a subscribe action may use for the URL the app must call. */
const URL_FIELDS = ['url', 'target_url', 'targetUrl', 'hookUrl', 'hook_url', 'webhookUrl', 'webhook_url'];

/** The URL an app calls for a workflow's webhook trigger. */
export function webhookUrl(publicUrl: string, key: string): string {
  return `${publicUrl.replace(/\/$/, '')}/hooks/${encodeURIComponent(key)}`;
}

/** What calling the app needs. */
export interface AppCall {
  app: RunnableApp;
  credential?: Record<string, string>;
  /** What `{base}` stands for. */
  base: string;
  http: HttpClient;
}

/** The outcome of a subscribe or unsubscribe call. */
export type SubscriptionOutcome = { ok: true; answer: unknown } | { ok: false; error: string; status?: number };

function actionOf(app: RunnableApp, key: string): ActionDef | undefined {
  return Object.hasOwn(app.actions, key) ? (app.actions[key] as ActionDef) : undefined;
}

/** Default values of an action's fields (hidden fields often carry a fixed `value`). */
function defaults(action: ActionDef | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of action?.fields ?? []) if (field.value !== undefined) values[field.name] = field.value;
  return values;
}

/**
 * Subscribes: the subscribe action's field defaults, then the trigger step's values, then the
 * hook URL under every URL-like field the action declares (`url` when it declares none).
 */
export async function subscribeApp(
  call: AppCall,
  actionKey: string,
  stepValues: Record<string, unknown>,
  hookUrl: string,
): Promise<SubscriptionOutcome> {
  const action = actionOf(call.app, actionKey);
  const values: Record<string, unknown> = { ...defaults(action), ...stepValues };
  const urlFields = (action?.fields ?? []).map((f) => f.name).filter((name) => URL_FIELDS.includes(name));
  for (const name of urlFields.length > 0 ? urlFields : ['url']) values[name] = hookUrl;
  const result = await executeStep({ ...call, actionKey, values, retries: { max: 2, baseMs: 300 } });
  if (!result.ok) {
    return {
      ok: false,
      error: hideSecrets(result.error?.message ?? 'The app refused the subscription.', call.credential),
    };
  }
  return { ok: true, answer: result.output };
}

/**
 * Unsubscribes with the values of the subscribe answer (an object: each of its keys by name),
 * the step's values and the hook URL. A 404 or 410 means the subscription is already gone,
 * which is what OFF wants: it counts as success.
 */
export async function unsubscribeApp(
  call: AppCall,
  actionKey: string,
  answer: unknown,
  stepValues: Record<string, unknown>,
  hookUrl: string,
): Promise<SubscriptionOutcome> {
  const action = actionOf(call.app, actionKey);
  const fromAnswer = typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? answer : {};
  const values: Record<string, unknown> = { ...defaults(action), ...stepValues, url: hookUrl, ...fromAnswer };
  const result = await executeStep({ ...call, actionKey, values, retries: { max: 2, baseMs: 300 } });
  if (result.ok) return { ok: true, answer: result.output };
  const status = result.error?.status;
  if (status === 404 || status === 410) return { ok: true, answer: result.output };
  return {
    ok: false,
    error: hideSecrets(result.error?.message ?? 'The app refused to unsubscribe.', call.credential),
    status,
  };
}
