/**
 * Google Calendar contract: a local fake of the Calendar v3 API checks the bearer
 * token; every action sends the documented request and the new-event trigger dedupes across
 * two polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from '../../server/src/integrations/catalogue/index.js';
import type { HttpClient } from '../../server/src/security/http-client.js';
import {
  expectValidCatalogueApp,
  type FakeService,
  newKeysAcrossPolls,
  queryOf,
  rewritingClient,
  runAction,
  startFake,
} from './support.js';

const app = catalogueApp('google-calendar');

const TOKEN = 'ya29.calendar';
const credential = { access_token: TOKEN };
let fake: FakeService;
let http: HttpClient;
const events = [{ id: 'ev1', summary: 'Standup', updated: '2026-11-24T08:00:00Z' }];

beforeAll(async () => {
  fake = await startFake({ auth: (r) => r.headers.authorization === `Bearer ${TOKEN}` });
  http = rewritingClient(fake, ['https://www.googleapis.com']);
  fake.on('GET /calendar/v3/users/me/calendarList', () => ({
    body: { kind: 'calendar#calendarList', items: [{ id: 'primary-id', summary: 'Ada' }] },
  }));
  fake.on('GET /calendar/v3/calendars/:cal/events', () => ({ body: { kind: 'calendar#events', items: [...events] } }));
  fake.on('POST /calendar/v3/calendars/:cal/events', (r) => ({ body: { id: 'ev-new', ...(r.body as object) } }));
  fake.on('POST /calendar/v3/calendars/:cal/events/quickAdd', () => ({ body: { id: 'ev-quick', summary: 'Lunch' } }));
  fake.on('PATCH /calendar/v3/calendars/:cal/events/:id', (r) => ({
    body: { id: r.params.id, ...(r.body as object) },
  }));
  fake.on('DELETE /calendar/v3/calendars/:cal/events/:id', () => ({ status: 204 }));
});

afterAll(async () => {
  await http?.close();
  await fake?.close();
});

describe('Google Calendar', () => {
  it('is a valid catalogue definition', () => {
    expectValidCatalogueApp(app);
    expect(app.authInfo.scopes).toBe('https://www.googleapis.com/auth/calendar');
  });

  it('tests the connection with the calendar list', async () => {
    expect((await runAction(app, 'listCalendars', {}, credential, http)).ok).toBe(true);
    expect((await runAction(app, 'listCalendars', {}, { access_token: 'no' }, http)).error?.status).toBe(401);
  });

  it('creates a detailed event', async () => {
    const result = await runAction(
      app,
      'createEvent',
      {
        calendarId: 'primary',
        summary: 'Review',
        start: '2026-11-25T10:00:00+01:00',
        end: '2026-11-25T11:00:00+01:00',
        timeZone: 'Europe/Paris',
        location: 'Room 4',
        sendUpdates: 'all',
      },
      credential,
      http,
    );
    expect(result.ok).toBe(true);
    const req = fake.last();
    expect([req.method, req.path]).toEqual(['POST', '/calendar/v3/calendars/primary/events']);
    expect(queryOf(req)).toEqual({ sendUpdates: 'all' });
    expect(req.body).toEqual({
      summary: 'Review',
      location: 'Room 4',
      start: { dateTime: '2026-11-25T10:00:00+01:00', timeZone: 'Europe/Paris' },
      end: { dateTime: '2026-11-25T11:00:00+01:00', timeZone: 'Europe/Paris' },
    });
  });

  it('quick-adds, finds, updates and deletes events', async () => {
    expect(
      (await runAction(app, 'quickAddEvent', { calendarId: 'primary', text: 'Lunch tomorrow noon' }, credential, http))
        .ok,
    ).toBe(true);
    expect([fake.last().method, fake.last().path]).toEqual(['POST', '/calendar/v3/calendars/primary/events/quickAdd']);
    expect(queryOf(fake.last())).toEqual({ text: 'Lunch tomorrow noon' });
    expect(fake.last().text).toBe('');

    await runAction(
      app,
      'findEvents',
      { calendarId: 'a@b.c', q: 'Standup', timeMin: '2026-11-24T00:00:00Z' },
      credential,
      http,
    );
    expect(fake.last().path).toBe('/calendar/v3/calendars/a%40b.c/events');
    expect(queryOf(fake.last())).toEqual({
      singleEvents: 'true',
      orderBy: 'startTime',
      q: 'Standup',
      timeMin: '2026-11-24T00:00:00Z',
    });

    await runAction(
      app,
      'updateEvent',
      { calendarId: 'primary', eventId: 'ev1', summary: 'Daily standup' },
      credential,
      http,
    );
    expect([fake.last().method, fake.last().path]).toEqual(['PATCH', '/calendar/v3/calendars/primary/events/ev1']);
    expect(fake.last().body).toEqual({ summary: 'Daily standup' });

    const deleted = await runAction(app, 'deleteEvent', { calendarId: 'primary', eventId: 'ev1' }, credential, http);
    expect(deleted.ok).toBe(true);
    expect(deleted.output).toEqual({ status_code: 204 });
    expect([fake.last().method, fake.last().path]).toEqual(['DELETE', '/calendar/v3/calendars/primary/events/ev1']);
  });

  it('New event: the second poll yields exactly the new events', async () => {
    const polls = await newKeysAcrossPolls(app, 'newEvent', { calendarId: 'primary' }, credential, http, () => {
      events.push({ id: 'ev2', summary: 'Retro', updated: '2026-11-24T09:00:00Z' });
    });
    expect(polls.first).toEqual(['ev1']);
    expect(polls.fresh).toEqual(['ev2']);
    expect(queryOf(fake.last())).toEqual({ orderBy: 'updated', maxResults: '2500', showDeleted: 'false' });
  });
});
