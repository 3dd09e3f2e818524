/**
 * Calendly (API v2): OAuth 2.0, whose token answer names the user (`owner`) and organisation
 * URIs the calls take; event types, scheduled events, invitees, single-use scheduling links,
 * cancellations, polling of scheduled events and webhook subscriptions (invitee.created,
 * invitee.canceled) for instant triggers. https://developer.calendly.com/api-docs
 */
import type { ActionDef } from '@junction/core';
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { fixed, hookUrl, text } from './fields-b.js';

const API = 'https://api.calendly.com';
const eventUuid = text(
  'uuid',
  'Event UUID',
  'The UUID of the scheduled event: the last part of its URI (https://api.calendly.com/scheduled_events/{uuid}).',
  { required: true },
);

/** POST /webhook_subscriptions for the connected user's events of one kind. */
function subscribe(event: string): ActionDef {
  return {
    title: `Subscribe to ${event}`,
    hidden: true,
    method: 'post',
    url: `${API}/webhook_subscriptions`,
    fields: [hookUrl(), fixed('events', [event], 'array')],
    body: [
      { key: 'url', value: '${inputData.url}' },
      { key: 'events', value: '${inputData.events}' },
      { key: 'organization', value: '${auth.organization}' },
      { key: 'user', value: '${auth.owner}' },
      { key: 'scope', value: 'user' },
    ],
  };
}

// The subscription answer names the webhook by its full URI ({ resource: { uri } }); a URL
// template cannot take a whole URI, so the delete runs as custom code.
const DELETE_SUBSCRIPTION_CODE = `def run(inputData, authData):
    uri = str((inputData.get('resource') or {}).get('uri') or '')
    prefix = 'https://api.calendly.com/webhook_subscriptions/'
    if not uri.startswith(prefix) or '/' in uri[len(prefix):] or '?' in uri:
        raise Exception('The subscription has no Calendly webhook URI to delete.')
    response = authenticated_request('DELETE', uri)
    if response['status'] >= 400 and response['status'] != 404:
        raise Exception('Calendly answered %s: %s' % (response['status'], response['body']))
    return {'status_code': response['status']}
`;

export const calendlyApp: BuiltinAppDefinition = {
  appSlug: 'calendly',
  appName: 'Calendly',
  category: 'Scheduling',
  source: 'first100',
  iconURL: iconUrl('calendly'),
  completionStatus: 'Complete',
  apiDocs: 'https://developer.calendly.com/api-docs',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'getMe',
    auth_url: 'https://auth.calendly.com/oauth/authorize',
    token_url: 'https://auth.calendly.com/oauth/token',
    scopes: '',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    clientInfo: { client_id: '', client_secret: '' },
    oauthFormFields: [],
  },
  actions: {
    getMe: {
      title: 'Get the current user',
      hidden: true,
      method: 'get',
      url: `${API}/users/me`,
      fields: [],
    },
    listEventTypes: {
      title: 'List event types',
      hidden: true,
      method: 'get',
      url: `${API}/event_types`,
      url_params: [
        { key: 'user', value: '${auth.owner}' },
        { key: 'active', value: 'true' },
        { key: 'count', value: '100' },
      ],
      fields: [],
    },
    listScheduledEvents: {
      title: 'List scheduled events, latest start first',
      hidden: true,
      method: 'get',
      url: `${API}/scheduled_events`,
      url_params: [
        { key: 'user', value: '${auth.owner}' },
        { key: 'status', value: 'active' },
        { key: 'sort', value: 'start_time:desc' },
        { key: 'count', value: '100' },
      ],
      fields: [],
    },
    listInvitees: {
      title: 'Find invitees of an event',
      description: 'Lists the people booked into a scheduled event, optionally by e-mail address.',
      method: 'get',
      url: `${API}/scheduled_events/{uuid}/invitees`,
      fields: [eventUuid, text('email', 'E-mail', 'Only the invitee with this e-mail address.')],
    },
    createSchedulingLink: {
      title: 'Create single-use scheduling link',
      description: 'Creates a booking link for an event type that can be used once.',
      method: 'post',
      url: `${API}/scheduling_links`,
      fields: [
        text('owner', 'Event type', 'The event type to book.', {
          required: true,
          dynamic: 'calendly.EventTypes.listEventTypes.collection.uri.name',
        }),
        fixed('owner_type', 'EventType'),
        fixed('max_event_count', 1, 'integer'),
      ],
    },
    cancelEvent: {
      title: 'Cancel event',
      description: 'Cancels a scheduled event; invitees are told the reason.',
      method: 'post',
      url: `${API}/scheduled_events/{uuid}/cancellation`,
      fields: [eventUuid, text('reason', 'Reason', 'Why the event is cancelled (shown to the invitees).')],
    },
    subscribeInviteeCreated: subscribe('invitee.created'),
    subscribeInviteeCanceled: subscribe('invitee.canceled'),
    deleteSubscription: {
      title: 'Delete a webhook subscription',
      hidden: true,
      method: 'delete',
      url: '',
      fields: [],
      customForm: { custom: true, apiCode: DELETE_SUBSCRIPTION_CODE },
    },
  },
  triggers: {
    inviteeCreated: {
      label: 'Invitee created (instant)',
      description: 'Triggers as soon as someone books one of your events (Calendly Standard plan or higher).',
      type: 'webhook',
      performList: 'subscribeInviteeCreated',
      unsubscribe: 'deleteSubscription',
      webhookKey: 'payload',
      pollingParams: {},
    },
    inviteeCanceled: {
      label: 'Invitee canceled (instant)',
      description: 'Triggers as soon as an invitee cancels (Calendly Standard plan or higher).',
      type: 'webhook',
      performList: 'subscribeInviteeCanceled',
      unsubscribe: 'deleteSubscription',
      webhookKey: 'payload',
      pollingParams: {},
    },
    newScheduledEvent: {
      label: 'New scheduled event',
      description: 'Triggers when an event is booked with you, on any plan (checks every few minutes).',
      type: 'polling',
      action: 'listScheduledEvents',
      pollingParams: { dedupe_key: 'uri', data_head: 'collection' },
    },
  },
};
