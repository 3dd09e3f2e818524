/**
 * Microsoft Outlook, through Microsoft Graph: new email (in a folder: polled, or instant
 * through a Graph subscription whose validationToken and clientState Junction's hook route
 * handles), new event and
 * new contact triggers; send an email, create a draft, find emails, move an email, create an
 * event, create a contact.
 * API: https://learn.microsoft.com/en-us/graph/api/resources/mail-api-overview
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required, text } from './fields-a.js';
import { GRAPH, microsoftAuthInfo } from './microsoft.js';

const FOLDERS = 'microsoft-outlook.Folder.listFolders.value.id.displayName';
// Fields referenced inside a fixed JSON value or body rows only: 'path' without a placeholder is never sent on its own.
const inner = (
  name: string,
  title: string,
  description: string,
  isRequired = false,
  type: 'string' | 'datetime' = 'string',
) => field(type, name, title, description, { in: 'path', required: isRequired });
const contentType = field('string', 'contentType', 'Body type', 'Plain text or HTML (plain by default).', {
  in: 'path',
  enum: ['Text', 'HTML'],
  enumNames: ['Plain text', 'HTML'],
});
const messageJson = {
  subject: '${inputData.subject}',
  body: { contentType: '${inputData.contentType}', content: '${inputData.body}' },
  toRecipients: [{ emailAddress: { address: '${inputData.to}' } }],
};
const composeFields = [
  inner('to', 'To', 'The recipient’s e-mail address.', true),
  inner('subject', 'Subject', 'The subject line.', true),
  inner('body', 'Body', 'The message text.', true),
  contentType,
];
const newest = (order: string) => [
  { key: '$orderby', value: `${order} desc` },
  { key: '$top', value: '50' },
];

/** The Microsoft Outlook app. */
export const microsoftOutlookApp: BuiltinAppDefinition = {
  appSlug: 'microsoft-outlook',
  appName: 'Microsoft Outlook',
  category: 'Email',
  source: 'first100',
  iconURL: iconUrl('microsoft-outlook'),
  completionStatus: 'Complete',
  apiDocs: 'https://learn.microsoft.com/en-us/graph/api/resources/mail-api-overview',
  authInfo: microsoftAuthInfo(['Mail.ReadWrite', 'Mail.Send', 'Calendars.ReadWrite', 'Contacts.ReadWrite'], 'getMe'),
  actions: {
    getMe: {
      title: 'Get profile',
      description: 'Reads the connected account.',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/me`,
      fields: [],
    },
    listFolders: {
      title: 'List mail folders',
      description: 'Lists the mail folders of the mailbox.',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/me/mailFolders`,
      fields: [],
      url_params: [{ key: '$top', value: '100' }],
    },
    listMessages: {
      title: 'List emails',
      description: 'Lists the newest emails of a folder (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/me/mailFolders/{folderId}/messages`,
      fields: [
        required('folderId', 'Folder', "The folder to watch; 'inbox' is the Inbox.", { in: 'path', dynamic: FOLDERS }),
      ],
      url_params: newest('receivedDateTime'),
    },
    listEvents: {
      title: 'List events',
      description: 'Lists the newest events (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/me/events`,
      fields: [],
      url_params: newest('createdDateTime'),
    },
    listContacts: {
      title: 'List contacts',
      description: 'Lists the newest contacts (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/me/contacts`,
      fields: [],
      url_params: newest('createdDateTime'),
    },
    sendEmail: {
      title: 'Send email',
      description: 'Sends an email and keeps it in Sent Items.',
      method: 'post',
      url: `${GRAPH}/me/sendMail`,
      fields: [...composeFields, fixed('message', messageJson, 'formData'), fixed('saveToSentItems', true, 'formData')],
    },
    createDraft: {
      title: 'Create draft email',
      description: 'Saves an email in Drafts, to review and send later.',
      method: 'post',
      url: `${GRAPH}/me/messages`,
      fields: composeFields,
      body: [
        { key: 'subject', value: '${inputData.subject}' },
        { key: 'body.contentType', value: '${inputData.contentType}' },
        { key: 'body.content', value: '${inputData.body}' },
      ],
    },
    findEmails: {
      title: 'Find emails',
      description: 'Finds emails with a search over subject, body and people.',
      method: 'get',
      url: `${GRAPH}/me/messages`,
      fields: [inner('search', 'Search', 'Words to look for, e.g. invoice from:ada@example.com.', true)],
      url_params: [
        { key: '$search', value: '"${inputData.search}"' },
        { key: '$top', value: '25' },
      ],
    },
    moveEmail: {
      title: 'Move email',
      description: 'Moves an email to another folder.',
      method: 'post',
      url: `${GRAPH}/me/messages/{messageId}/move`,
      fields: [
        required('messageId', 'Email ID', 'The id of the email, e.g. from the trigger.', { in: 'path' }),
        required('destinationId', 'Folder', "The folder to move it to (or 'archive', 'deleteditems').", {
          dynamic: FOLDERS,
        }),
      ],
    },
    createEvent: {
      title: 'Create calendar event',
      description: 'Adds an event to your calendar.',
      method: 'post',
      url: `${GRAPH}/me/events`,
      fields: [
        inner('subject', 'Title', 'The title of the event.', true),
        inner('start', 'Start', 'When it starts, e.g. 2026-11-25T10:00:00.', true, 'datetime'),
        inner('end', 'End', 'When it ends.', true, 'datetime'),
        inner('timeZone', 'Time zone', 'The time zone of start and end, e.g. Europe/Paris or UTC.', true),
        inner('location', 'Location', 'Where it takes place.'),
        inner('body', 'Description', 'Notes shown with the event.'),
      ],
      body: [
        { key: 'subject', value: '${inputData.subject}' },
        { key: 'body.contentType', value: 'HTML' },
        { key: 'body.content', value: '${inputData.body}' },
        { key: 'start.dateTime', value: '${inputData.start}' },
        { key: 'start.timeZone', value: '${inputData.timeZone}' },
        { key: 'end.dateTime', value: '${inputData.end}' },
        { key: 'end.timeZone', value: '${inputData.timeZone}' },
        { key: 'location.displayName', value: '${inputData.location}' },
      ],
    },
    createContact: {
      title: 'Create contact',
      description: 'Adds a contact to your address book.',
      method: 'post',
      url: `${GRAPH}/me/contacts`,
      fields: [
        text('givenName', 'First name', 'The contact’s first name.'),
        text('surname', 'Last name', 'The contact’s last name.'),
        inner('email', 'E-mail', 'The contact’s e-mail address.', true),
        text('companyName', 'Company', 'Where the contact works.'),
        field('array', 'businessPhones', 'Business phones', 'Phone numbers, separated by commas.', {
          items: { type: 'string' },
        }),
        fixed('emailAddresses', [{ address: '${inputData.email}' }], 'formData'),
      ],
    },
    subscribeMail: {
      title: 'Create a mail subscription',
      description: 'Asks Microsoft Graph to notify Junction of new messages in the folder.',
      hidden: true,
      method: 'post',
      // learn.microsoft.com/en-us/graph/api/subscription-post-subscriptions
      url: `${GRAPH}/subscriptions`,
      fields: [
        { name: 'url', title: 'Webhook URL', hidden: true, required: true, schema: { type: 'string' } },
        { name: 'folderId', title: 'Folder', hidden: true, required: true, in: 'path', schema: { type: 'string' } },
        // Both filled by Junction when it subscribes (integrations/hooks/handshakes.ts).
        {
          name: 'clientState',
          title: 'clientState',
          hidden: true,
          required: true,
          in: 'path',
          schema: { type: 'string' },
        },
        {
          name: 'expirationDateTime',
          title: 'expirationDateTime',
          hidden: true,
          required: true,
          in: 'path',
          schema: { type: 'string' },
        },
      ],
      body: [
        { key: 'changeType', value: 'created' },
        { key: 'notificationUrl', value: '${inputData.url}' },
        { key: 'resource', value: "me/mailFolders('${inputData.folderId}')/messages" },
        { key: 'expirationDateTime', value: '${inputData.expirationDateTime}' },
        { key: 'clientState', value: '${inputData.clientState}' },
      ],
    },
    deleteSubscription: {
      title: 'Delete a subscription',
      hidden: true,
      method: 'delete',
      url: `${GRAPH}/subscriptions/{id}`,
      fields: [{ name: 'id', title: 'id', hidden: true, required: true, in: 'path', schema: { type: 'string' } }],
    },
  },
  triggers: {
    newEmailInstant: {
      label: 'New email (instant)',
      description:
        'Triggers as soon as an email arrives in a folder. Microsoft Graph sends the message id (resourceData.id); add "Find emails" for its content.',
      type: 'webhook',
      fields: [
        required('folderId', 'Folder', "The folder to watch; 'inbox' is the Inbox.", { in: 'path', dynamic: FOLDERS }),
      ],
      performList: 'subscribeMail',
      unsubscribe: 'deleteSubscription',
      webhookKey: 'value',
      pollingParams: {},
    },
    newEmail: {
      label: 'New email',
      description: 'Triggers when an email arrives in a folder.',
      type: 'polling',
      action: 'listMessages',
      fields: [
        required('folderId', 'Folder', "The folder to watch; 'inbox' is the Inbox.", { in: 'path', dynamic: FOLDERS }),
      ],
      pollingParams: { dedupe_key: 'id', data_head: 'value' },
    },
    newEvent: {
      label: 'New calendar event',
      description: 'Triggers when an event is added to your calendar.',
      type: 'polling',
      action: 'listEvents',
      pollingParams: { dedupe_key: 'id', data_head: 'value' },
    },
    newContact: {
      label: 'New contact',
      description: 'Triggers when a contact is added.',
      type: 'polling',
      action: 'listContacts',
      pollingParams: { dedupe_key: 'id', data_head: 'value' },
    },
  },
};
