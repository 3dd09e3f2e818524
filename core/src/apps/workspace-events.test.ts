import { describe, expect, it } from 'vitest';
import type { ActionDef, TriggerDef } from './types.js';
import { appBaseUrlOf, applyWorkspaceEventsChange, takenEventKeys, withWorkspaceEvents } from './workspace-events.js';

const action = (url: string): ActionDef => ({ title: 'A', method: 'get', url, fields: [] }) as ActionDef;
const trigger = (label: string): TriggerDef =>
  ({ label, type: 'polling', action: 'listTodo' }) as unknown as TriggerDef;

describe('workspace events (onboarding 4 "Custom-trigger wizard")', () => {
  it("lays a workspace's additions over the app without changing the app's own events", () => {
    const app: { actions: Record<string, ActionDef>; triggers: Record<string, TriggerDef> } = {
      actions: { send: action('https://x.example/send') },
      triggers: { newMessage: trigger('New message') },
    };
    const seen = withWorkspaceEvents(app, {
      actions: { listTodo: action('https://x.example/todos'), send: action('https://evil.example/') },
      triggers: { newTodo: trigger('New Todo') },
    });
    expect(Object.keys(seen.actions).sort()).toEqual(['listTodo', 'send']);
    expect(seen.actions.send.url).toBe('https://x.example/send');
    expect(seen.triggers.newTodo.label).toBe('New Todo');
    expect(withWorkspaceEvents(app, undefined)).toBe(app);
    expect(takenEventKeys(app, { actions: { send: action('') }, triggers: { newTodo: trigger('') } })).toEqual({
      actions: ['send'],
      triggers: [],
    });
  });

  it('changes additions: new keys join, same keys replace, removed keys go', () => {
    const earlier = {
      actions: { listA: action('https://x/a'), listB: action('https://x/b') },
      triggers: { newA: trigger('A') },
    };
    const next = applyWorkspaceEventsChange(earlier, {
      actions: { listB: action('https://x/b2') },
      triggers: { newB: trigger('B') },
      remove: ['listA', 'newA'],
    });
    expect(Object.keys(next.actions)).toEqual(['listB']);
    expect(next.actions.listB.url).toBe('https://x/b2');
    expect(Object.keys(next.triggers)).toEqual(['newB']);
  });

  it("offers the app's base URL: lambdaURL, else its actions' shared start, {base} read as Junction's origin", () => {
    expect(appBaseUrlOf({ lambdaURL: 'https://api.items.example/v1/', actions: {} }, 'http://j')).toBe(
      'https://api.items.example/v1/',
    );
    expect(
      appBaseUrlOf(
        {
          actions: {
            a: action('https://slack.com/api/chat.postMessage'),
            b: action('https://slack.com/api/users.list'),
          },
        },
        'http://j',
      ),
    ).toBe('https://slack.com/api/');
    expect(appBaseUrlOf({ actions: { a: action('{base}/demo-crm/contacts') } }, 'http://127.0.0.1:4000')).toBe(
      'http://127.0.0.1:4000/demo-crm/',
    );
    expect(
      appBaseUrlOf({ actions: { a: action('https://a.example/x'), b: action('https://b.example/y') } }, 'http://j'),
    ).toBe('https://a.example/');
    expect(appBaseUrlOf({ actions: {} }, 'http://j')).toBe('');
  });

  it('reads a lambdaURL or an origin of a million slashes at once (a trailing-slash expression was quadratic)', () => {
    const hostile = `https://api.example${'/'.repeat(1_000_000)}x`;
    expect(appBaseUrlOf({ lambdaURL: hostile, actions: {} }, 'http://j')).toBe(`${hostile}/`);
    expect(appBaseUrlOf({ actions: { a: action('{base}/contacts') } }, hostile)).toBe(`${hostile}/`);
  });
});
