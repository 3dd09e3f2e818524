/**
 * Mailchimp Marketing API 3.0: API key over HTTP Basic at the account's data centre
 * (`https://{dc}.api.mailchimp.com/3.0`), audiences, members, campaigns; new subscribers
 * and campaigns are polled (Mailchimp's list webhooks post form-encoded bodies after a GET
 * check, which Junction's JSON webhook endpoint does not take).
 * https://mailchimp.com/developer/marketing/api/
 */
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { fixed, list, object, text } from './fields-b.js';

const API = 'https://${auth.dc}.api.mailchimp.com/3.0';
const audience = text('list_id', 'Audience', 'The audience (list) to use.', {
  required: true,
  dynamic: 'mailchimp.Audiences.listAudiences.lists.id.name',
});
const email = text('email_address', 'E-mail', "The subscriber's e-mail address.", { required: true });
// mailchimp.com/developer/marketing/api/list-members: the member path takes the MD5 of the
// lower-case address, the address itself, or the contact_id.
const memberPath = text('subscriber', 'E-mail', "The subscriber's e-mail address.", { required: true, in: 'path' });
const mergeFields = object(
  'merge_fields',
  'Merge fields',
  'Audience fields by merge tag, e.g. {"FNAME": "Ada", "LNAME": "Lovelace"}.',
);
const statusOptions = {
  enum: ['subscribed', 'pending', 'unsubscribed', 'transactional'],
  enumNames: ['Subscribed', 'Pending (double opt-in e-mail)', 'Unsubscribed', 'Transactional'],
};

export const mailchimpApp: BuiltinAppDefinition = {
  appSlug: 'mailchimp',
  appName: 'Mailchimp',
  category: 'Email marketing',
  source: 'first100',
  iconURL: iconUrl('mailchimp'),
  completionStatus: 'Complete',
  apiDocs: 'https://mailchimp.com/developer/marketing/api/',
  authInfo: {
    apiType: 'basic',
    testAuth: 'ping',
    basicFormFields: [
      {
        key: 'username',
        title: 'User name',
        description: 'Any text, e.g. junction: Mailchimp only reads the key.',
        public: true,
      },
      {
        key: 'password',
        title: 'API key',
        description: 'Profile → Extras → API keys → Create A Key, e.g. 0123456789abcdef0123456789abcdef-us21.',
      },
      { key: 'dc', title: 'Server prefix', description: 'The part of the API key after the dash, e.g. us21.' },
    ],
  },
  actions: {
    ping: {
      title: 'Ping',
      description: 'Checks the key; answers the health status.',
      hidden: true,
      method: 'get',
      url: `${API}/ping`,
      fields: [],
    },
    listAudiences: {
      title: 'List audiences',
      hidden: true,
      method: 'get',
      url: `${API}/lists`,
      url_params: [
        { key: 'count', value: '1000' },
        { key: 'fields', value: 'lists.id,lists.name,total_items' },
      ],
      fields: [],
    },
    listNewMembers: {
      title: 'List the newest members of an audience',
      hidden: true,
      method: 'get',
      url: `${API}/lists/{list_id}/members`,
      url_params: [
        { key: 'status', value: 'subscribed' },
        { key: 'sort_field', value: 'timestamp_opt' },
        { key: 'sort_dir', value: 'DESC' },
        { key: 'count', value: '100' },
      ],
      fields: [audience],
    },
    listNewCampaigns: {
      title: 'List the newest campaigns',
      hidden: true,
      method: 'get',
      url: `${API}/campaigns`,
      url_params: [
        { key: 'sort_field', value: 'create_time' },
        { key: 'sort_dir', value: 'DESC' },
        { key: 'count', value: '100' },
      ],
      fields: [],
    },
    addMember: {
      title: 'Add subscriber',
      description: 'Adds a new member to an audience.',
      method: 'post',
      url: `${API}/lists/{list_id}/members`,
      fields: [
        audience,
        email,
        text('status', 'Status', 'Subscribed now, or pending until the person confirms by e-mail.', {
          required: true,
          ...statusOptions,
        }),
        mergeFields,
        list('tags', 'Tags', 'Tag names to give the member.'),
      ],
    },
    addOrUpdateMember: {
      title: 'Add or update subscriber',
      description: 'Adds the member, or updates them when the address is already in the audience.',
      method: 'put',
      url: `${API}/lists/{list_id}/members/{subscriber}`,
      fields: [
        audience,
        memberPath,
        fixed('email_address', '${inputData.subscriber}'),
        text('status_if_new', 'Status if new', 'The status to give a person who is not yet in the audience.', {
          required: true,
          ...statusOptions,
        }),
        text('status', 'Status', 'A new status for an existing member; unchanged when empty.', statusOptions),
        mergeFields,
      ],
    },
    unsubscribeMember: {
      title: 'Unsubscribe subscriber',
      description: 'Marks an audience member as unsubscribed.',
      method: 'patch',
      url: `${API}/lists/{list_id}/members/{subscriber}`,
      fields: [audience, memberPath, fixed('status', 'unsubscribed')],
    },
    findMember: {
      title: 'Find subscriber',
      description: 'Searches members by e-mail address or name, in one audience or all.',
      method: 'get',
      url: `${API}/search-members`,
      fields: [
        text('query', 'Search', 'An e-mail address or a name.', { required: true }),
        text('list_id', 'Audience', 'Search this audience only; all audiences when empty.', {
          dynamic: 'mailchimp.Audiences.listAudiences.lists.id.name',
        }),
      ],
    },
    createCampaign: {
      title: 'Create campaign',
      description: 'Creates a regular e-mail campaign draft for an audience.',
      method: 'post',
      url: `${API}/campaigns`,
      fields: [
        audience,
        text('subject_line', 'Subject', 'The subject line of the e-mail.', { required: true }),
        text('from_name', 'From name', 'The sender name shown to subscribers.', { required: true }),
        text('reply_to', 'Reply-to', 'The reply-to e-mail address (a verified domain).', { required: true }),
        text('title', 'Internal title', 'The name of the campaign in Mailchimp (not shown to subscribers).'),
      ],
      body: [
        { key: 'type', value: 'regular' },
        { key: 'recipients.list_id', value: '${inputData.list_id}' },
        { key: 'settings.subject_line', value: '${inputData.subject_line}' },
        { key: 'settings.from_name', value: '${inputData.from_name}' },
        { key: 'settings.reply_to', value: '${inputData.reply_to}' },
        { key: 'settings.title', value: '${inputData.title}' },
      ],
    },
    sendCampaign: {
      title: 'Send campaign',
      description: 'Sends a campaign that has content and is ready to send.',
      method: 'post',
      url: `${API}/campaigns/{campaign_id}/actions/send`,
      fields: [
        text('campaign_id', 'Campaign ID', 'The id of the campaign to send, e.g. the output of Create campaign.', {
          required: true,
        }),
      ],
    },
  },
  triggers: {
    newSubscriber: {
      label: 'New subscriber',
      description: 'Triggers when someone subscribes to an audience (checks every few minutes).',
      type: 'polling',
      action: 'listNewMembers',
      fields: [audience],
      pollingParams: { dedupe_key: 'id', data_head: 'members' },
    },
    newCampaign: {
      label: 'New campaign',
      description: 'Triggers when a campaign is created (checks every few minutes).',
      type: 'polling',
      action: 'listNewCampaigns',
      pollingParams: { dedupe_key: 'id', data_head: 'campaigns' },
    },
  },
};
