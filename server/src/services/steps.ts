/**
 * Implements the StepsService contract (kernel/contracts/steps.ts): step tests (editor-core 4.8,
 * 5.3), trigger choices with Load More through the answer's 'links' (7.1), pasted samples,
 * dynamic dropdowns, connection checks (4.7) and the OAuth 2.0 pop-up (2.5, 7.3).
 *
 * Requests are built by core and sent by `executeStep` through the guarded client, with the
 * credential from the resolver (OAuth refresh before expiry and once after a 401). A failing
 * remote call is a result (`ok: false` with the answer), never an error status.
 */
import {
  prepareTestPayload,
  truncateResults,
  truncationMessage,
  type WorkflowDocument,
  withoutTrailing,
} from '@junction/core';
import { RECONNECT_MESSAGE } from '../integrations/auth/credential-resolver.js';
import { hasCustomAuth } from '../integrations/auth/custom-code-auth.js';
import { catalogueHook } from '../integrations/catalogue/hooks.js';
import type { StepExecution } from '../integrations/executor.js';
import type { RunnableApp } from '../integrations/registry.js';
import type { StepsService, TestResultView } from '../kernel/contracts/steps.js';
import { nowIso } from '../kernel/clock.js';
import { notFound, Problem, unprocessable } from '../kernel/errors.js';
import type { PlatformDeps } from '../deps.js';
import { createWorkflowReleasesRepo } from '../store/repos/workflow-releases.js';
import { readStoredValue } from '../store/repos/engine.js';
import { assertUsable } from './connection-access.js';
import { checkDocument } from './core-rules.js';
import { dropdownSpec, itemsUnder, toOptions } from './dropdown-options.js';
import { createStepContext, EVENT_CHOICES_PAGE, type StepsServiceOptions } from './step-context.js';
import { toWorkflowView } from './views.js';

/** Builds the steps service. */
export function createStepsService(deps: PlatformDeps, options: StepsServiceOptions = {}): StepsService {
  const { repos, registry } = deps;
  const shared = createStepContext(deps, options);

  return {
    async testStep(ctx, workflowId, stepId, input) {
      const record = await shared.findWorkflow(ctx, workflowId);
      const document = shared.documentFor(record, input.document);
      const step = shared.findStep(document, stepId);
      if (step.kind !== 'trigger' && step.kind !== 'action') {
        throw unprocessable('Only trigger and action steps can be tested.', 'stepId');
      }
      const app = await shared.appOf(ctx, step);
      let actionKey = step.data.action;
      if (step.kind === 'trigger') {
        const trigger = Object.hasOwn(app.triggers, actionKey) ? app.triggers[actionKey] : undefined;
        if (!trigger) throw unprocessable('Missing event.', 'action');
        if (!trigger.action) {
          throw unprocessable('This trigger is tested by sending it an event: use Test Trigger.', 'action');
        }
        actionKey = trigger.action;
      } else if (actionKey === '') throw unprocessable('Missing event.', 'action');
      const values = prepareTestPayload(step.data.fields, shared.outputsFor(document, step.id));
      const result = await shared.run(ctx, app, actionKey, values, step.data.credential);
      return toTestResult(result, nowIso(deps));
    },

    async fetchTriggerChoices(ctx, workflowId, stepId, input) {
      const record = await shared.findWorkflow(ctx, workflowId);
      const document = shared.documentFor(record, input.document);
      const step = shared.findStep(document, stepId);
      if (step.kind !== 'trigger') throw unprocessable('Only a trigger step has trigger choices.', 'stepId');
      const app = await shared.appOf(ctx, step);
      const trigger = Object.hasOwn(app.triggers, step.data.action) ? app.triggers[step.data.action] : undefined;
      if (!trigger) throw unprocessable('Missing event.', 'action');
      const credentialId = step.data.credential;

      if (trigger.type === 'webhook' || !trigger.action) {
        const before = input.cursor ? shared.openCursor(ctx, input.cursor, 'events', stepId).before : undefined;
        const rows = await shared.latestEvents(ctx, workflowId, before);
        const page = rows.slice(0, EVENT_CHOICES_PAGE);
        const choices = page.map((row) => readStoredValue(row.trigger_data));
        const last = page.at(-1);
        const next =
          rows.length > EVENT_CHOICES_PAGE && last
            ? shared.sealCursor(ctx, {
                kind: 'events',
                scope: stepId,
                app: app.appSlug,
                credential: null,
                before: { createdAt: last.created_at, id: last.id },
              })
            : undefined;
        return next ? { choices, next } : { choices };
      }

      const head = trigger.pollingParams && 'data_head' in trigger.pollingParams ? trigger.pollingParams.data_head : '';
      let result: StepExecution;
      if (input.cursor) {
        const cursor = shared.openCursor(ctx, input.cursor, 'trigger', stepId);
        result = await shared.runLink(ctx, app, cursor.href ?? '', cursor.credential);
      } else {
        const values = prepareTestPayload(step.data.fields, shared.outputsFor(document, step.id));
        result = await shared.run(ctx, app, trigger.action, values, credentialId);
      }
      if (!result.ok) throw shared.failedLoad(result, 'Could not fetch trigger choices');
      const choices = itemsUnder(result.output, head);
      const next = shared.nextCursor(ctx, result, {
        kind: 'trigger',
        scope: stepId,
        app: app.appSlug,
        credential: credentialId,
      });
      return next ? { choices, next } : { choices };
    },

    async setStepSample(ctx, workflowId, stepId, sample) {
      const record = await shared.findWorkflow(ctx, workflowId);
      if (typeof sample !== 'object' || sample === null) {
        throw unprocessable('The sample must be a JSON object or list.', 'sample');
      }
      const document = structuredClone(record.document) as WorkflowDocument;
      const step = shared.findStep(document, stepId);
      if (step.kind === 'filter' || step.kind === 'loopEnd') {
        throw unprocessable('Only trigger and action steps hold test data.', 'stepId');
      }
      step.data.testData = sample;
      const checked = checkDocument(document);
      if (!checked.ok) {
        const first = checked.errors[0];
        const field = first?.field.includes('testData') ? 'sample' : first?.field;
        throw unprocessable(first?.message ?? 'The sample cannot be stored.', field, checked.errors);
      }
      // Into the draft when the workflow is ON (core lifecycle), in place when OFF.
      const updated = await createWorkflowReleasesRepo(deps.handle.db).saveEditable(
        ctx.tenantId,
        workflowId,
        checked.document,
        nowIso(deps),
        record.revision,
      );
      if (!updated) {
        throw new Problem(409, 'Conflict', {
          detail: 'This workflow was changed elsewhere. Reload it and try again.',
          field: 'sample',
        });
      }
      return { ...toWorkflowView(updated), state: updated.state };
    },

    async loadDropdownOptions(ctx, appSlug, input) {
      const app = await registry.resolve(ctx.tenantId, appSlug);
      if (!app) throw notFound('App');
      if (!Object.hasOwn(app.actions, input.action)) {
        throw unprocessable(`${app.appName} has no action '${input.action}'.`, 'action');
      }
      const spec = dropdownSpec(app, input);
      const listAction = app.actions[input.action];
      const pager = catalogueHook(app.appSlug, 'optionsPager');
      if (pager?.handles(listAction)) {
        // editor-core 7.5: Drive pages by nextPageToken, searches by name; a failure is an empty list.
        const cursor = input.cursor ? shared.openCursor(ctx, input.cursor, 'dropdown', input.action) : undefined;
        if (cursor && cursor.app !== app.appSlug)
          throw unprocessable('This cursor does not continue this list.', 'cursor');
        const page = await pager.list({
          action: listAction,
          search: input.search,
          pageToken: cursor?.pageToken,
          run: (action, values) =>
            shared.run(
              ctx,
              { ...app, actions: { ...app.actions, __drive: action } } as RunnableApp,
              '__drive',
              values,
              input.credential,
            ),
        });
        if (!page.ok) return { options: [] };
        const next = page.nextPageToken
          ? shared.sealCursor(ctx, {
              kind: 'dropdown',
              scope: input.action,
              app: app.appSlug,
              credential: input.credential ?? null,
              pageToken: page.nextPageToken,
            })
          : undefined;
        return next ? { options: page.options, next } : { options: page.options };
      }
      let result: StepExecution;
      if (input.cursor) {
        const cursor = shared.openCursor(ctx, input.cursor, 'dropdown', input.action);
        if (cursor.app !== app.appSlug) throw unprocessable('This cursor does not continue this list.', 'cursor');
        result = await shared.runLink(ctx, app, cursor.href ?? '', cursor.credential);
      } else {
        const values: Record<string, unknown> = {};
        for (const field of input.fields) {
          if (field.value !== undefined && field.value !== null && field.value !== '') values[field.name] = field.value;
        }
        result = await shared.run(ctx, app, input.action, values, input.credential);
      }
      if (!result.ok) throw shared.failedLoad(result, 'Could not load the options');
      const options = toOptions(itemsUnder(result.output, spec.head), spec, input.search);
      const next = shared.nextCursor(ctx, result, {
        kind: 'dropdown',
        scope: input.action,
        app: app.appSlug,
        credential: input.credential ?? null,
      });
      return next ? { options, next } : { options };
    },

    async checkCredential(ctx, credentialId) {
      const record =
        typeof credentialId === 'string' ? await repos.credentials.get(ctx.tenantId, credentialId) : undefined;
      if (!record) throw notFound('Credential');
      assertUsable(record, ctx);
      const app = await registry.resolve(ctx.tenantId, record.app);
      if (!app) return { ok: false, message: `The app '${record.app}' is no longer available.` };
      const testKey = app.authInfo?.testAuth;
      const hasTest = testKey !== undefined && Object.hasOwn(app.actions, testKey);
      if (!hasTest && !hasCustomAuth(app)) {
        return { ok: true, message: `${app.appName} has no connection test, so the account was not checked.` };
      }
      // Without a test action, custom auth code answering is the check.
      const result = hasTest
        ? await shared.run(ctx, app, testKey, {}, credentialId)
        : await shared.authOnly(ctx, app, credentialId);
      const at = nowIso(deps);
      if (result.ok) {
        await shared.statuses.setHealth(
          ctx.tenantId,
          credentialId,
          { needsReconnect: false, statusMessage: null, checkedAt: at },
          at,
        );
        return { ok: true, message: `The connection works: ${app.appName} accepted this account.` };
      }
      // A refused credential needs reconnecting; an unreachable or failing app only fails this check.
      const status = result.error?.status ?? 0;
      const isRefused = result.error?.code === 'credential' || (status >= 400 && status < 500);
      // editor-core 4.7's 'Connection expired' fits an OAuth sign-in that lapsed; a key or
      // password the service refuses never expired: the user reads the service's own answer.
      const refusal =
        app.authInfo?.apiType === 'oauth2' || !result.error?.message
          ? RECONNECT_MESSAGE
          : result.error.code === 'credential'
            ? result.error.message
            : `${withoutTrailing(result.error.message, '.')}. Update the connection info with details ${app.appName} accepts.`;
      await shared.statuses.setHealth(
        ctx.tenantId,
        credentialId,
        isRefused
          ? { needsReconnect: true, statusMessage: refusal, checkedAt: at }
          : {
              needsReconnect: false,
              statusMessage: `Last check failed: ${result.error?.message ?? 'unknown error'}`,
              checkedAt: at,
            },
        at,
      );
      return {
        ok: false,
        message: isRefused
          ? refusal
          : `${app.appName} could not be reached: ${result.error?.message ?? 'unknown error'}`,
      };
    },

    startOAuth(input) {
      return shared.oauth.start(input);
    },

    async refusePopup(appSlug, message) {
      return shared.oauth.refuse(appSlug, message);
    },

    finishOAuth(input) {
      return shared.oauth.finish(input);
    },
  };
}

/** Maps one execution to the test answer (editor-core 5.3: arrays cut to 50, with the message). */
function toTestResult(result: StepExecution, testedAt: string): TestResultView {
  const longest = longestArray(result.output);
  // Objects also get `Message` inside (core's truncateResults); `message` covers bare lists too.
  const output = truncateResults(result.output);
  const view: TestResultView = { ok: result.ok, output: output ?? null, testedAt };
  if (result.response) view.statusCode = result.response.status;
  if (longest > 50) view.message = truncationMessage(longest);
  return view;
}

function longestArray(value: unknown, depth = 0): number {
  if (depth > 64 || value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  let longest = Array.isArray(value) ? value.length : 0;
  for (const child of children) longest = Math.max(longest, longestArray(child, depth + 1));
  return longest;
}
