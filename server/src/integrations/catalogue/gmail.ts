/**
 * Gmail: new email trigger (optionally by label or search); send an email, create a
 * draft, find emails, read an email, add or remove labels, move to trash, create a label.
 * Gmail takes a message as a base64url RFC 2822 text (`raw`), which a plain request cannot
 * build: sending and drafting run as Python custom code in the sandbox (forms-dp 2.10), with
 * the app's OAuth token applied by `authenticated_request`.
 * API: https://developers.google.com/gmail/api/reference/rest
 */
import type { FieldDef } from '@junction/core';
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, required, text } from './fields-a.js';
import { googleAuthInfo } from './google.js';

const GMAIL = 'https://gmail.googleapis.com/gmail/v1/users/me';
const LABELS = 'gmail.Label.listLabels.labels.id.name';

/** Builds the RFC 2822 message from the step's fields and sends `{ raw }` (plus `threadId`) to `url`. */
function composeCode(url: string, wrap: 'message' | 'draft'): string {
  return `import base64
from email.message import EmailMessage

def run(inputData, authData):
    message = EmailMessage()
    message['To'] = inputData.get('to', '')
    for key, header in (('cc', 'Cc'), ('bcc', 'Bcc'), ('replyTo', 'Reply-To')):
        if inputData.get(key):
            message[header] = inputData[key]
    message['Subject'] = inputData.get('subject', '')
    body = str(inputData.get('body', ''))
    if inputData.get('bodyType') == 'html':
        message.set_content(body, subtype='html')
    else:
        message.set_content(body)
    payload = {'raw': base64.urlsafe_b64encode(message.as_bytes()).decode('ascii')}
    if inputData.get('threadId'):
        payload['threadId'] = inputData['threadId']
    response = authenticated_request('POST', '${url}', body=${wrap === 'draft' ? "{'message': payload}" : 'payload'})
    if response['status'] >= 400:
        raise Exception('Gmail answered %s: %s' % (response['status'], response['body']))
    return response['body']
`;
}

const composeFields: FieldDef[] = [
  required('to', 'To', 'Recipient addresses, separated by commas.'),
  text('cc', 'Cc', 'Copy addresses, separated by commas.'),
  text('bcc', 'Bcc', 'Blind copy addresses, separated by commas.'),
  required('subject', 'Subject', 'The subject line.'),
  required('body', 'Body', 'The message text.'),
  text('bodyType', 'Body type', 'Plain text or HTML.', { enum: ['plain', 'html'], enumNames: ['Plain', 'HTML'] }),
  text('replyTo', 'Reply to', 'The address replies go to; empty uses yours.'),
  text('threadId', 'Thread ID', 'Send it as a reply in this conversation (the thread id of an email).'),
];
const messageId = required('messageId', 'Email ID', 'The id of the email, e.g. from the trigger or Find emails.', {
  in: 'path',
});
const labelList = (name: string, title: string, description: string) =>
  field('array', name, title, description, { required: true, items: { type: 'string', dynamic: LABELS } });

/** The Gmail app. */
export const gmailApp: BuiltinAppDefinition = {
  appSlug: 'gmail',
  appName: 'Gmail',
  category: 'Email',
  source: 'first100',
  iconURL: iconUrl('gmail'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.google.com/gmail/api/reference/rest',
  authInfo: googleAuthInfo(['https://www.googleapis.com/auth/gmail.modify'], 'getProfile'),
  actions: {
    getProfile: {
      title: 'Get profile',
      description: 'Reads the connected mailbox address.',
      hidden: true,
      method: 'get',
      url: `${GMAIL}/profile`,
      fields: [],
    },
    listLabels: {
      title: 'List labels',
      description: 'Lists the labels of the mailbox.',
      hidden: true,
      method: 'get',
      url: `${GMAIL}/labels`,
      fields: [],
    },
    listMessages: {
      title: 'List emails',
      description: 'Lists the newest emails, optionally by label or search (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${GMAIL}/messages`,
      fields: [
        field('array', 'labelIds', 'Label', 'Only emails with this label, e.g. Inbox.', {
          in: 'query',
          items: { type: 'string', dynamic: LABELS },
        }),
        text('q', 'Search', 'A Gmail search such as from:ada@example.com has:attachment.', { in: 'query' }),
      ],
      url_params: [{ key: 'maxResults', value: '50' }],
    },
    sendEmail: {
      title: 'Send email',
      description: 'Sends an email from your mailbox.',
      method: 'post',
      url: `${GMAIL}/messages/send`,
      fields: composeFields,
      customForm: { custom: true, apiCode: composeCode(`${GMAIL}/messages/send`, 'message') },
    },
    createDraft: {
      title: 'Create draft',
      description: 'Saves an email as a draft, to review and send later.',
      method: 'post',
      url: `${GMAIL}/drafts`,
      fields: composeFields,
      customForm: { custom: true, apiCode: composeCode(`${GMAIL}/drafts`, 'draft') },
    },
    findEmails: {
      title: 'Find emails',
      description: 'Finds emails with a Gmail search.',
      method: 'get',
      url: `${GMAIL}/messages`,
      fields: [
        required('q', 'Search', 'A Gmail search such as subject:invoice newer_than:7d.', { in: 'query' }),
        field('integer', 'maxResults', 'At most', 'How many emails to answer (default 100).', { in: 'query' }),
      ],
    },
    getEmail: {
      title: 'Get email',
      description: 'Reads an email with its headers and body.',
      method: 'get',
      url: `${GMAIL}/messages/{messageId}`,
      fields: [messageId],
      url_params: [{ key: 'format', value: 'full' }],
    },
    addLabels: {
      title: 'Add label to email',
      description: 'Adds labels to an email.',
      method: 'post',
      url: `${GMAIL}/messages/{messageId}/modify`,
      fields: [messageId, labelList('addLabelIds', 'Labels', 'The labels to add.')],
    },
    removeLabels: {
      title: 'Remove label from email',
      description: 'Removes labels from an email (remove Inbox to archive it).',
      method: 'post',
      url: `${GMAIL}/messages/{messageId}/modify`,
      fields: [messageId, labelList('removeLabelIds', 'Labels', 'The labels to remove.')],
    },
    trashEmail: {
      title: 'Move email to trash',
      description: 'Moves an email to the trash.',
      method: 'post',
      url: `${GMAIL}/messages/{messageId}/trash`,
      fields: [messageId],
    },
    createLabel: {
      title: 'Create label',
      description: 'Creates a label.',
      method: 'post',
      url: `${GMAIL}/labels`,
      fields: [required('name', 'Name', 'The label name; use / to nest it, e.g. Clients/Acme.')],
    },
  },
  triggers: {
    newEmail: {
      label: 'New email',
      description: 'Triggers when an email arrives, optionally only with a label or matching a search.',
      type: 'polling',
      action: 'listMessages',
      fields: [
        field('array', 'labelIds', 'Label', 'Only emails with this label, e.g. Inbox.', {
          in: 'query',
          items: { type: 'string', dynamic: LABELS },
        }),
        text('q', 'Search', 'A Gmail search such as from:ada@example.com has:attachment.', { in: 'query' }),
      ],
      pollingParams: { dedupe_key: 'id', data_head: 'messages' },
    },
  },
};
