/**
 * Google Calendar: new event trigger; create an event, quick add, find, update and
 * delete events. Calendars are listed from the user's calendar list.
 * API: https://developers.google.com/calendar/api/v3/reference
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, required, text } from './fields-a.js';
import { googleAuthInfo } from './google.js';

const CAL = 'https://www.googleapis.com/calendar/v3';
const calendar = required('calendarId', 'Calendar', "The calendar; 'primary' is your main calendar.", {
  in: 'path',
  dynamic: 'google-calendar.Calendar.listCalendars.items.id.summary',
});
const eventId = required('eventId', 'Event ID', 'The id of the event, e.g. from Find events or the trigger.', {
  in: 'path',
});
// Sent inside the body rows below (start.dateTime…), never on their own ('path' without a placeholder).
const eventFields = (isRequired: boolean) => [
  field('string', 'summary', 'Title', 'The title of the event.', { in: 'path', required: isRequired }),
  field('datetime', 'start', 'Start', 'When it starts, RFC 3339 (2026-11-24T10:00:00+01:00).', {
    in: 'path',
    required: isRequired,
  }),
  field('datetime', 'end', 'End', 'When it ends, RFC 3339.', { in: 'path', required: isRequired }),
  field('string', 'timeZone', 'Time zone', 'An IANA time zone such as Europe/Paris; empty uses the calendar’s.', {
    in: 'path',
  }),
  field('string', 'description', 'Description', 'Notes shown with the event.', { in: 'path' }),
  field('string', 'location', 'Location', 'Where it takes place.', { in: 'path' }),
];
const eventBody = [
  { key: 'summary', value: '${inputData.summary}' },
  { key: 'description', value: '${inputData.description}' },
  { key: 'location', value: '${inputData.location}' },
  { key: 'start.dateTime', value: '${inputData.start}' },
  { key: 'start.timeZone', value: '${inputData.timeZone}' },
  { key: 'end.dateTime', value: '${inputData.end}' },
  { key: 'end.timeZone', value: '${inputData.timeZone}' },
];
const sendUpdates = field('string', 'sendUpdates', 'Notify guests', 'Whether guests get an e-mail about it.', {
  in: 'query',
  enum: ['all', 'externalOnly', 'none'],
  enumNames: ['All guests', 'Guests outside your organisation', 'Nobody'],
});

/** The Google Calendar app. */
export const googleCalendarApp: BuiltinAppDefinition = {
  appSlug: 'google-calendar',
  appName: 'Google Calendar',
  category: 'Productivity',
  source: 'first100',
  iconURL: iconUrl('google-calendar'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.google.com/calendar/api/v3/reference',
  authInfo: googleAuthInfo(['https://www.googleapis.com/auth/calendar'], 'listCalendars'),
  actions: {
    listCalendars: {
      title: 'List calendars',
      description: 'Lists the calendars of your calendar list.',
      hidden: true,
      method: 'get',
      url: `${CAL}/users/me/calendarList`,
      fields: [],
    },
    listEvents: {
      title: 'List events',
      description: 'Lists the events of a calendar, most recently changed last (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${CAL}/calendars/{calendarId}/events`,
      fields: [calendar],
      url_params: [
        { key: 'orderBy', value: 'updated' },
        { key: 'maxResults', value: '2500' },
        { key: 'showDeleted', value: 'false' },
      ],
    },
    createEvent: {
      title: 'Create detailed event',
      description: 'Adds an event to a calendar.',
      method: 'post',
      url: `${CAL}/calendars/{calendarId}/events`,
      fields: [calendar, ...eventFields(true), sendUpdates],
      body: eventBody,
    },
    quickAddEvent: {
      title: 'Quick add event',
      description: "Creates an event from a sentence, e.g. 'Lunch with Ada tomorrow at noon'.",
      method: 'post',
      url: `${CAL}/calendars/{calendarId}/events/quickAdd`,
      fields: [calendar, required('text', 'Describe the event', 'A sentence naming what and when.', { in: 'query' })],
    },
    findEvents: {
      title: 'Find events',
      description: 'Finds upcoming events whose text matches a search.',
      method: 'get',
      url: `${CAL}/calendars/{calendarId}/events`,
      fields: [
        calendar,
        text('q', 'Search', 'Words in the title, description, location or guests.', { in: 'query' }),
        field('datetime', 'timeMin', 'From', 'Only events ending after this time (RFC 3339).', { in: 'query' }),
        field('datetime', 'timeMax', 'Until', 'Only events starting before this time (RFC 3339).', { in: 'query' }),
      ],
      url_params: [
        { key: 'singleEvents', value: 'true' },
        { key: 'orderBy', value: 'startTime' },
      ],
    },
    updateEvent: {
      title: 'Update event',
      description: 'Changes the title, description or location of an event; empty fields stay as they are.',
      method: 'patch',
      url: `${CAL}/calendars/{calendarId}/events/{eventId}`,
      fields: [
        calendar,
        eventId,
        ...eventFields(false).filter((f) => ['summary', 'description', 'location'].includes(f.name)),
        sendUpdates,
      ],
      // PATCH changes only the keys sent: no start/end objects, so the time stays as it is.
      body: eventBody.filter((row) => !row.key.includes('.')),
    },
    deleteEvent: {
      title: 'Delete event',
      description: 'Deletes an event.',
      method: 'delete',
      url: `${CAL}/calendars/{calendarId}/events/{eventId}`,
      fields: [calendar, eventId, sendUpdates],
    },
  },
  triggers: {
    newEvent: {
      label: 'New event',
      description: 'Triggers when an event is added to a calendar.',
      type: 'polling',
      action: 'listEvents',
      fields: [calendar],
      pollingParams: { dedupe_key: 'id', data_head: 'items' },
    },
  },
};
