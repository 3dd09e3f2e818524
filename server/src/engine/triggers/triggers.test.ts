import { describe, expect, it } from 'vitest';
import { extractItems, pollEvents } from './polling.js';
import { hideSecrets } from './runner.js';
import { isScheduledTick, latestDueTick, nextTick, repeatOptionsFor, scheduleTickEvent } from './schedules.js';
import { webhookUrl } from './subscriptions.js';

describe('extractItems', () => {
  it('keys the items under data_head, oldest first, skipping repeats and items without a key', () => {
    const body = {
      data: { contacts: [{ id: 'c3' }, { id: 2 }, { id: 'c3' }, { name: 'no id' }, { id: '' }, { id: 'c1' }] },
    };
    const result = extractItems(body, 'data.contacts', 'id');
    expect(result).toEqual({
      ok: true,
      items: [
        { key: 'c1', item: { id: 'c1' } },
        { key: '2', item: { id: 2 } },
        { key: 'c3', item: { id: 'c3' } },
      ],
      withoutKey: 2,
    });
  });

  it("reads the whole body as the list with data_head '0' and a nested dedupe key", () => {
    const result = extractItems([{ meta: { uid: 'b' } }, { meta: { uid: 'a' } }], '0', 'meta.uid');
    expect(result.ok && result.items.map((i) => i.key)).toEqual(['a', 'b']);
  });

  it('says where the list was expected when there is none', () => {
    expect(extractItems({ contacts: {} }, 'contacts', 'id')).toEqual({
      ok: false,
      error: "The response has no list under 'contacts' (the trigger's Array Name).",
    });
    expect(extractItems({ a: 1 }, '0', 'id')).toEqual({ ok: false, error: 'The response is not a list.' });
  });

  it('reads an object answer without the Array Name key as an empty list (Google omits empty lists)', () => {
    expect(extractItems({ resultSizeEstimate: 0 }, 'messages', 'id')).toEqual({ ok: true, items: [], withoutKey: 0 });
    expect(extractItems('oops', 'messages', 'id').ok).toBe(false);
  });

  it('never reads inherited keys as a dedupe key', () => {
    const result = extractItems([{ id: 'x' }, {}], '0', 'constructor');
    expect(result).toEqual({ ok: true, items: [], withoutKey: 2 });
  });
});

describe('pollEvents', () => {
  it('keys each event by step and item, recording only on the first poll', () => {
    const target = { tenantId: 't', workflowId: 'w', stepId: 's1' };
    const items = [{ key: 'a', item: { id: 'a' } }];
    expect(pollEvents(target, items, false)).toEqual([
      { tenantId: 't', workflowId: 'w', trigger: 'polling', triggerData: { id: 'a' }, dedupeKey: 'poll:s1:a' },
    ]);
    expect(pollEvents(target, items, true)[0]).toMatchObject({ dedupeKey: 'poll:s1:a', recordOnly: true });
  });
});

describe('schedule ticks', () => {
  const every15 = { frequency: 'minutes' as const, every: 15, timezone: 'UTC' };

  it('catches up with the latest missed tick only', () => {
    const due = new Date('2025-01-01T10:15:00Z');
    expect(latestDueTick(every15, due, new Date('2025-01-01T10:15:00Z')).toISOString()).toBe(
      '2025-01-01T10:15:00.000Z',
    );
    expect(latestDueTick(every15, due, new Date('2025-01-01T12:07:00Z')).toISOString()).toBe(
      '2025-01-01T12:00:00.000Z',
    );
  });

  it('tells real ticks from other times (every N days fires daily in BullMQ)', () => {
    const everyOther = { frequency: 'days' as const, every: 2, at: '09:30', timezone: 'Europe/Paris' };
    const first = nextTick(everyOther, new Date('2025-03-01T00:00:00Z')) as Date;
    expect(isScheduledTick(everyOther, first)).toBe(true);
    expect(isScheduledTick(everyOther, new Date(first.getTime() + 86_400_000))).toBe(false);
    expect(isScheduledTick(every15, new Date('2025-01-01T10:15:00Z'))).toBe(true);
    expect(isScheduledTick(every15, new Date('2025-01-01T10:16:00Z'))).toBe(false);
  });

  it('maps schedules to BullMQ repeat options', () => {
    expect(repeatOptionsFor(every15)).toEqual({ every: 900_000 });
    expect(repeatOptionsFor({ frequency: 'hours', every: 2, timezone: 'UTC' })).toEqual({ every: 7_200_000 });
    expect(repeatOptionsFor({ frequency: 'days', every: 3, at: '07:05', timezone: 'Asia/Tokyo' })).toEqual({
      pattern: '5 7 * * *',
      tz: 'Asia/Tokyo',
    });
    expect(repeatOptionsFor({ frequency: 'cron', cron: '0 9 * * 1-5', timezone: 'UTC' })).toEqual({
      pattern: '0 9 * * 1-5',
      tz: 'UTC',
    });
  });

  it('turns a tick into one keyed event with the Schedule output', () => {
    const tick = new Date('2025-01-01T10:15:00Z');
    const event = scheduleTickEvent({ tenantId: 't', workflowId: 'w' }, { frequency: 'minutes', every: 15 }, tick);
    expect(event).toEqual({
      tenantId: 't',
      workflowId: 'w',
      trigger: 'schedule',
      triggerData: { scheduledAt: '2025-01-01T10:15:00.000Z', timezone: 'UTC', nextRunAt: '2025-01-01T10:30:00.000Z' },
      dedupeKey: 'schedule:2025-01-01T10:15:00.000Z',
    });
    expect(scheduleTickEvent({ tenantId: 't', workflowId: 'w' }, { frequency: 'weekly' }, tick)).toEqual({
      error: 'Frequency must be minutes, hours, days or cron.',
    });
  });
});

describe('webhookUrl', () => {
  it('builds the hook address under the public origin', () => {
    expect(webhookUrl('http://localhost:5000/', 'wf 1')).toBe('http://localhost:5000/hooks/wf%201');
  });
});

describe('hideSecrets', () => {
  it('hides every credential value of 4 characters or more in a stored message', () => {
    expect(
      hideSecrets('Orders answered 401: key k_live_1234 refused (k_live_12)', { api_key: 'k_live_1234', x: 'ab' }),
    ).toBe('Orders answered 401: key [redacted] refused (k_live_12)');
    expect(hideSecrets('nothing to hide', undefined)).toBe('nothing to hide');
  });
});
