/**
 * Microsoft Teams, through Microsoft Graph: new channel message and new chat
 * message triggers; send a channel message, reply to a message, send a chat message, create
 * a channel. Teams, channels and chats are listed for the dropdowns.
 * API: https://learn.microsoft.com/en-us/graph/api/resources/teams-api-overview
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required, text } from './fields-a.js';
import { GRAPH, microsoftAuthInfo } from './microsoft.js';

const team = required('teamId', 'Team', 'The team, picked from the teams you belong to.', {
  in: 'path',
  dynamic: 'microsoft-teams.Team.listTeams.value.id.displayName',
});
const channel = required('channelId', 'Channel', 'The channel of the team.', {
  in: 'path',
  dynamic: 'microsoft-teams.Channel.listChannels.value.id.displayName',
  params: ['teamId'],
});
const chat = required('chatId', 'Chat', 'The chat, picked from your chats.', {
  in: 'path',
  dynamic: 'microsoft-teams.Chat.listChats.value.id.topic',
});
// Referenced by the body rows only ('path' without a placeholder is never sent on its own).
const messageFields = [
  field('string', 'content', 'Message', 'The message text.', { in: 'path', required: true }),
  field('string', 'contentType', 'Message type', 'Plain text or HTML (plain by default).', {
    in: 'path',
    enum: ['text', 'html'],
    enumNames: ['Plain text', 'HTML'],
  }),
];
const messageBody = [
  { key: 'body.contentType', value: '${inputData.contentType}' },
  { key: 'body.content', value: '${inputData.content}' },
];

/** The Microsoft Teams app. */
export const microsoftTeamsApp: BuiltinAppDefinition = {
  appSlug: 'microsoft-teams',
  appName: 'Microsoft Teams',
  category: 'Communication',
  source: 'first100',
  iconURL: iconUrl('microsoft-teams'),
  completionStatus: 'Complete',
  apiDocs: 'https://learn.microsoft.com/en-us/graph/api/resources/teams-api-overview',
  authInfo: microsoftAuthInfo(
    [
      'Team.ReadBasic.All',
      'Channel.ReadBasic.All',
      'Channel.Create',
      'ChannelMessage.Send',
      'ChannelMessage.Read.All',
      'Chat.ReadWrite',
    ],
    'getMe',
  ),
  actions: {
    getMe: {
      title: 'Get profile',
      description: 'Reads the connected account.',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/me`,
      fields: [],
    },
    listTeams: {
      title: 'List teams',
      description: 'Lists the teams you belong to.',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/me/joinedTeams`,
      fields: [],
    },
    listChannels: {
      title: 'List channels',
      description: 'Lists the channels of a team.',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/teams/{teamId}/channels`,
      fields: [team],
    },
    listChats: {
      title: 'List chats',
      description: 'Lists your chats.',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/me/chats`,
      fields: [],
      url_params: [{ key: '$top', value: '50' }],
    },
    listChannelMessages: {
      title: 'List channel messages',
      description: 'Lists the newest messages of a channel (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/teams/{teamId}/channels/{channelId}/messages`,
      fields: [team, channel],
      url_params: [{ key: '$top', value: '50' }],
    },
    listChatMessages: {
      title: 'List chat messages',
      description: 'Lists the newest messages of a chat (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${GRAPH}/chats/{chatId}/messages`,
      fields: [chat],
      url_params: [
        { key: '$top', value: '50' },
        { key: '$orderby', value: 'createdDateTime desc' },
      ],
    },
    sendChannelMessage: {
      title: 'Send channel message',
      description: 'Posts a message to a channel.',
      method: 'post',
      url: `${GRAPH}/teams/{teamId}/channels/{channelId}/messages`,
      fields: [team, channel, ...messageFields],
      body: messageBody,
    },
    replyToMessage: {
      title: 'Reply to channel message',
      description: 'Answers a channel message in its thread.',
      method: 'post',
      url: `${GRAPH}/teams/{teamId}/channels/{channelId}/messages/{messageId}/replies`,
      fields: [
        team,
        channel,
        required('messageId', 'Message ID', 'The id of the message to answer, e.g. from the trigger.', { in: 'path' }),
        ...messageFields,
      ],
      body: messageBody,
    },
    sendChatMessage: {
      title: 'Send chat message',
      description: 'Sends a message in a chat.',
      method: 'post',
      url: `${GRAPH}/chats/{chatId}/messages`,
      fields: [chat, ...messageFields],
      body: messageBody,
    },
    createChannel: {
      title: 'Create channel',
      description: 'Creates a standard channel in a team.',
      method: 'post',
      url: `${GRAPH}/teams/{teamId}/channels`,
      fields: [
        team,
        required('displayName', 'Name', 'The channel name (at most 50 characters).'),
        text('description', 'Description', 'What the channel is for.'),
        fixed('membershipType', 'standard', 'formData'),
      ],
    },
  },
  triggers: {
    newChannelMessage: {
      label: 'New channel message',
      description: 'Triggers when a message is posted to a channel.',
      type: 'polling',
      action: 'listChannelMessages',
      fields: [team, channel],
      pollingParams: { dedupe_key: 'id', data_head: 'value' },
    },
    newChatMessage: {
      label: 'New chat message',
      description: 'Triggers when a message is sent in a chat.',
      type: 'polling',
      action: 'listChatMessages',
      fields: [chat],
      pollingParams: { dedupe_key: 'id', data_head: 'value' },
    },
  },
};
