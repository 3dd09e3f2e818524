import { getSnapshot } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { AppModel } from './model.js';
import { KEY_RULE_MESSAGE, NO_TEST_ACTION_MESSAGE } from './rules.js';
import type { AppDefinition } from './types.js';

function demoCrm(): AppDefinition {
  return {
    appSlug: 'demo-crm',
    appName: 'Demo CRM',
    source: 'first100',
    completionStatus: 'Complete',
    disableAuth: false,
    authInfo: {
      apiType: 'apikey',
      testAuth: 'listContacts',
      apikeyFormFields: [{ key: 'api_key', title: 'API key' }],
      requestConfig: { headers: [{ key: 'X-Api-Key', value: '${auth.api_key}' }] },
    },
    actions: {
      listContacts: { title: 'List contacts', method: 'get', hidden: true, url: '{base}/contacts', fields: [] },
      createContact: {
        title: 'Create contact',
        method: 'post',
        url: '{base}/contacts',
        fields: [
          { name: 'email', title: 'E-mail', in: 'formData', required: true, schema: { type: 'string' } },
          { name: 'tags', title: 'Tags', schema: { type: 'array', items: { type: 'string' } } },
        ],
      },
      updateContact: { title: 'Update contact', method: 'patch', url: '{base}/contacts/{id}', fields: [] },
    },
    triggers: {
      newContact: {
        label: 'New contact',
        type: 'polling',
        action: 'listContacts',
        pollingParams: { dedupe_key: 'id', data_head: 'contacts' },
      },
    },
  };
}

describe('AppModel', () => {
  it('round-trips a definition unchanged', () => {
    expect(AppModel.create(demoCrm()).toDefinition()).toEqual(demoCrm());
  });

  it('starts a new app In Progress with empty authInfo', () => {
    const app = AppModel.create({ appSlug: 'new-app', appName: 'New app' });
    expect(app.toDefinition()).toEqual({
      appSlug: 'new-app',
      appName: 'New app',
      completionStatus: 'In Progress',
      actions: {},
      triggers: {},
      authInfo: {},
    });
  });

  it('lists visible actions and groups events', () => {
    const app = AppModel.create(demoCrm());
    expect(app.visibleActions.map((a) => a.key)).toEqual(['createContact', 'updateContact']);
    expect(app.eventGroups.map((g) => g.group)).toEqual(['CREATE', 'UPDATE']);
    expect(app.visibleTriggers.map((t) => t.key)).toEqual(['newContact']);
    expect(app.needsAuth).toBe(true);
  });

  it('renames an action key: old key removed, stored under the new key, references follow', () => {
    const app = AppModel.create(demoCrm());
    const node = app.actions.get('listContacts');
    expect(app.renameActionKey('listContacts', 'list_contacts')).toEqual({ ok: true });
    expect(app.actions.has('listContacts')).toBe(false);
    expect(app.actions.get('list_contacts')).toBe(node);
    expect(app.triggers.get('newContact')?.action).toBe('list_contacts');
    expect(app.authInfo.testAuth).toBe('list_contacts');
    expect(app.validation).toEqual({ ok: true, errors: [] });
  });

  it('refuses a rename to an invalid or taken key, or from a missing one', () => {
    const app = AppModel.create(demoCrm());
    expect(app.renameActionKey('listContacts', 'list contacts')).toEqual({ ok: false, message: KEY_RULE_MESSAGE });
    expect(app.renameActionKey('listContacts', 'createContact')).toEqual({
      ok: false,
      message: "The key 'createContact' is already used by another action.",
    });
    expect(app.renameActionKey('nope', 'other').ok).toBe(false);
    expect(getSnapshot(app.actions)).toEqual(AppModel.create(demoCrm()).toDefinition().actions);
  });

  it('sets and removes actions and triggers, refusing invalid keys', () => {
    const app = AppModel.create(demoCrm());
    expect(app.setAction('bad key', { title: 'x', method: 'get', url: '', fields: [] })).toEqual({
      ok: false,
      message: KEY_RULE_MESSAGE,
    });
    expect(
      app.setAction('findContact', { title: 'Find contact', method: 'get', url: '{base}/find', fields: [] }).ok,
    ).toBe(true);
    expect(app.eventGroups.map((g) => g.group)).toEqual(['CREATE', 'SEARCH', 'UPDATE']);
    expect(app.removeAction('findContact')).toBe(true);
    expect(app.removeAction('findContact')).toBe(false);
    expect(app.setTrigger('hook', { label: 'Hook', type: 'webhook', webhookKey: 'data', pollingParams: {} }).ok).toBe(
      true,
    );
    expect(app.renameTriggerKey('hook', 'newHook')).toEqual({ ok: true });
    expect([...app.triggers.keys()]).toEqual(['newContact', 'newHook']);
    expect(app.removeTrigger('newHook')).toBe(true);
  });

  it("keeps a webhook trigger's handshake and delivery filter through the portal model", () => {
    const app = AppModel.create(demoCrm());
    const trigger = {
      label: 'New card (instant)',
      type: 'webhook' as const,
      webhookKey: '0',
      webhookHandshake: 'hook-secret' as const,
      webhookFilter: { path: 'action.type', equals: 'createCard' },
    };
    expect(app.setTrigger('newCard', trigger).ok).toBe(true);
    expect(app.toDefinition().triggers.newCard).toEqual(trigger);
  });

  it('seeds, replaces and clears auth', () => {
    const app = AppModel.create(demoCrm());
    app.chooseAuthScheme('oauth2', 'https://junction.example');
    expect(app.authInfo.redirect_uri).toBe('https://junction.example/auth/demo-crm/redirect');
    // OAuth 2.0 needs a simple GET action: listContacts qualifies.
    expect(app.testActionKey).toBe('listContacts');
    app.removeAction('listContacts');
    app.removeTrigger('newContact');
    expect(app.validation.errors.map((e) => e.message)).toEqual([NO_TEST_ACTION_MESSAGE]);
    app.setAuthInfo({ apiType: 'basic' });
    expect(app.toDefinition().authInfo).toEqual({ apiType: 'basic' });
    app.setTestResult({ error: 'denied' }, false);
    expect(app.authInfo.testResponseStatus).toBe(false);
    app.clearAuth();
    expect(app.toDefinition().authInfo).toEqual({});
    expect(app.needsAuth).toBe(false);
  });

  it('edits the left-pane settings', () => {
    const app = AppModel.create(demoCrm());
    app.setCompletionStatus('In Progress');
    app.setApiDocs('https://docs.example');
    app.setApiDateTimeFormat('%Y-%m-%d');
    expect(app.toDefinition()).toMatchObject({
      completionStatus: 'In Progress',
      apiDocs: 'https://docs.example',
      apiDateTimeFormat: '%Y-%m-%d',
    });
  });
});
