import { describe, expect, it } from 'vitest';
import { customTriggerNounProblem, listEndpointOf, takenEventsProblem } from './event-keys.js';
import type { ActionDef, AppDefinition, TriggerDef } from './types.js';

const action = (url: string, method: ActionDef['method'] = 'get', title = 'A'): ActionDef => ({
  title,
  method,
  url,
  fields: [],
});
const trigger: TriggerDef = { label: 'New contact', type: 'polling', action: 'listContacts' };

/** The Demo CRM's shape: a connection test that lists, and a 'New contact' trigger. */
const demoCrm: Pick<AppDefinition, 'appName' | 'actions' | 'triggers' | 'lambdaURL' | 'authInfo'> = {
  appName: 'Demo CRM',
  authInfo: { apiType: 'apikey', testAuth: 'listContacts' },
  actions: {
    createContact: action('{base}/demo-crm/contacts', 'post'),
    listContacts: action('{base}/demo-crm/contacts', 'get', 'List contacts'),
    updateContact: action('{base}/demo-crm/contacts/{id}', 'patch'),
  },
  triggers: { newContact: trigger },
};

describe('takenEventsProblem (the server refuses an addition that takes a key)', () => {
  it('names the first taken action, then the first taken trigger', () => {
    expect(
      takenEventsProblem(demoCrm, { actions: { listContacts: action('x') }, triggers: { newContact: trigger } }),
    ).toEqual({
      text: "Demo CRM already has an action 'List contacts'.",
      path: 'actions.listContacts',
    });
    expect(
      takenEventsProblem(demoCrm, { actions: { listContact: action('x') }, triggers: { newContact: trigger } }),
    ).toEqual({
      text: "Demo CRM already has a trigger 'New contact'.",
      path: 'triggers.newContact',
    });
    expect(
      takenEventsProblem(demoCrm, { actions: { listDeal: action('x') }, triggers: { newDeal: trigger } }),
    ).toBeNull();
  });
});

describe('customTriggerNounProblem (the wizard, where the noun is typed)', () => {
  it("refuses a noun whose keys the app has: 'Contact' makes newContact", () => {
    expect(customTriggerNounProblem(demoCrm, 'Contact')).toBe(
      "Demo CRM already has a trigger 'New contact'. Choose another noun.",
    );
    expect(customTriggerNounProblem(demoCrm, ' contact ')).toBe(
      "Demo CRM already has a trigger 'New contact'. Choose another noun.",
    );
    expect(customTriggerNounProblem(demoCrm, 'Contacts')).toBe(
      "Demo CRM already has an action 'List contacts'. Choose another noun.",
    );
  });

  it('takes a free noun, an empty one, and keys the wizard saved itself', () => {
    expect(customTriggerNounProblem(demoCrm, 'Deal')).toBe('');
    expect(customTriggerNounProblem(demoCrm, '')).toBe('');
    expect(customTriggerNounProblem(demoCrm, '  ')).toBe('');
    const tested = { ...demoCrm, actions: { ...demoCrm.actions, listDeal: action('x', 'get', 'List Deal') } };
    expect(customTriggerNounProblem(tested, 'Deal')).toBe(
      "Demo CRM already has an action 'List Deal'. Choose another noun.",
    );
    expect(customTriggerNounProblem(tested, 'Deal', ['listDeal'])).toBe('');
  });
});

describe('listEndpointOf', () => {
  it("offers the app's list request, not its base URL (an HTML page that lists nothing)", () => {
    expect(listEndpointOf(demoCrm, 'http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/demo-crm/contacts');
  });

  it("takes a 'list…' GET when the connection test is not one, and skips URLs with placeholders", () => {
    const app = {
      actions: {
        getUser: action('https://api.example.com/users/{id}'),
        listProjects: action('https://api.example.com/teams/{team}/projects'),
        listTasks: action('https://api.example.com/tasks'),
      },
      authInfo: { testAuth: 'getUser' },
    };
    expect(listEndpointOf(app, 'http://x')).toBe('https://api.example.com/tasks');
  });

  it('falls back to the base URL when nothing lists', () => {
    const app = { actions: { send: action('https://slack.com/api/chat.postMessage', 'post') } };
    expect(listEndpointOf(app, 'http://x')).toBe('https://slack.com/api/');
    expect(listEndpointOf({ actions: {} }, 'http://x')).toBe('');
  });
});
