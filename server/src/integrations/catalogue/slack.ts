/**
 * Slack: new message in a channel and new channel triggers; send a channel message
 * or a direct message, reply in a thread, update a message, add a reaction, create a channel,
 * set its topic, invite people, find a user by e-mail. OAuth 2.0 v2 with a bot token.
 * Slack answers HTTP 200 with `ok: false` and an `error` code for refused calls.
 * API: https://api.slack.com/methods
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, required, text } from './fields-a.js';

const API = 'https://slack.com/api';
const CHANNELS = 'slack.Channel.listChannels.channels.id.name';
const USERS = 'slack.User.listUsers.members.id.name';

const channel = required('channel', 'Channel', 'The channel, picked from the list (the app must be a member).', {
  dynamic: CHANNELS,
});
const messageText = required(
  'text',
  'Message text',
  'The message; Slack formatting such as *bold* and <@U123> mentions works.',
);
const threadTs = text('thread_ts', 'Reply in thread', "The 'ts' of a message to answer in its thread.");

/** The Slack app. */
export const slackApp: BuiltinAppDefinition = {
  appSlug: 'slack',
  appName: 'Slack',
  category: 'Communication',
  source: 'first100',
  iconURL: iconUrl('slack'),
  completionStatus: 'Complete',
  apiDocs: 'https://api.slack.com/methods',
  authInfo: {
    apiType: 'oauth2',
    testAuth: 'authTest',
    oauthFormFields: [],
    auth_url: 'https://slack.com/oauth/v2/authorize',
    token_url: 'https://slack.com/api/oauth.v2.access',
    // Bot scopes, comma separated as Slack's v2 authorize expects.
    scopes:
      'chat:write,chat:write.public,channels:read,groups:read,channels:history,groups:history,channels:manage,groups:write,reactions:write,users:read,users:read.email',
    response_type: 'code',
    grant_types: ['authorization_code', 'refresh_token'],
    authRequestConfig: { url: 'https://slack.com/oauth/v2/authorize', params: [] },
    accessRequestConfig: { url: 'https://slack.com/api/oauth.v2.access' },
    refreshRequestConfig: { url: 'https://slack.com/api/oauth.v2.access' },
  },
  actions: {
    authTest: {
      title: 'Test connection',
      description: 'Checks the token and names the workspace.',
      hidden: true,
      method: 'get',
      url: `${API}/auth.test`,
      fields: [],
    },
    listChannels: {
      title: 'List channels',
      description: 'Lists public and private channels the app can see.',
      hidden: true,
      method: 'get',
      url: `${API}/conversations.list`,
      fields: [],
      url_params: [
        { key: 'types', value: 'public_channel,private_channel' },
        { key: 'exclude_archived', value: 'true' },
        { key: 'limit', value: '200' },
      ],
    },
    listUsers: {
      title: 'List users',
      description: 'Lists the members of the workspace.',
      hidden: true,
      method: 'get',
      url: `${API}/users.list`,
      fields: [],
      url_params: [{ key: 'limit', value: '200' }],
    },
    listMessages: {
      title: 'List channel messages',
      description: 'Lists the newest messages of a channel (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${API}/conversations.history`,
      fields: [{ ...channel, in: 'query' }],
      url_params: [{ key: 'limit', value: '100' }],
    },
    sendChannelMessage: {
      title: 'Send channel message',
      description: 'Posts a message to a channel.',
      method: 'post',
      url: `${API}/chat.postMessage`,
      fields: [
        channel,
        messageText,
        threadTs,
        text('username', 'Bot name', 'A name to post as instead of the app’s.'),
        text('icon_emoji', 'Bot icon', 'An emoji to show as the icon, e.g. :robot_face:.'),
        field('boolean', 'unfurl_links', 'Show link previews', 'Show previews of the web pages the message links to.'),
      ],
    },
    sendDirectMessage: {
      title: 'Send direct message',
      description: 'Sends a direct message to a person from the app.',
      method: 'post',
      url: `${API}/chat.postMessage`,
      fields: [
        required('channel', 'To', 'The person, picked from the workspace members.', { dynamic: USERS }),
        messageText,
      ],
    },
    updateMessage: {
      title: 'Update message',
      description: 'Changes the text of a message the app posted.',
      method: 'post',
      url: `${API}/chat.update`,
      fields: [channel, required('ts', 'Message', "The message's 'ts' (from Send channel message)."), messageText],
    },
    addReaction: {
      title: 'Add reaction',
      description: 'Adds an emoji reaction to a message.',
      method: 'post',
      url: `${API}/reactions.add`,
      fields: [
        channel,
        required('timestamp', 'Message', "The message's 'ts'."),
        required('name', 'Emoji', 'The emoji name without colons, e.g. thumbsup.'),
      ],
    },
    createChannel: {
      title: 'Create channel',
      description: 'Creates a public or private channel.',
      method: 'post',
      url: `${API}/conversations.create`,
      fields: [
        required('name', 'Name', 'Lower case, no spaces or periods, at most 80 characters.'),
        field('boolean', 'is_private', 'Private', 'Create a private channel.'),
      ],
    },
    setChannelTopic: {
      title: 'Set channel topic',
      description: "Changes a channel's topic.",
      method: 'post',
      url: `${API}/conversations.setTopic`,
      fields: [channel, required('topic', 'Topic', 'The new topic (no formatting or links).')],
    },
    inviteToChannel: {
      title: 'Invite to channel',
      description: 'Adds people to a channel.',
      method: 'post',
      url: `${API}/conversations.invite`,
      fields: [
        channel,
        required('users', 'People', 'The people to add (user ids separated by commas).', { dynamic: USERS }),
      ],
    },
    findUserByEmail: {
      title: 'Find user by e-mail',
      description: 'Finds a workspace member by e-mail address.',
      method: 'get',
      url: `${API}/users.lookupByEmail`,
      fields: [required('email', 'E-mail', 'The e-mail address of the member.', { in: 'query' })],
    },
  },
  triggers: {
    newChannelMessage: {
      label: 'New message posted to channel',
      description: 'Triggers when a message is posted to a channel the app is in.',
      type: 'polling',
      action: 'listMessages',
      fields: [{ ...channel, in: 'query' }],
      pollingParams: { dedupe_key: 'ts', data_head: 'messages' },
    },
    newChannel: {
      label: 'New channel',
      description: 'Triggers when a channel is created.',
      type: 'polling',
      action: 'listChannels',
      pollingParams: { dedupe_key: 'id', data_head: 'channels' },
    },
  },
};
