/**
 * Discord (HTTP API v10) through a bot: the bot token in `Authorization: Bot …`; messages,
 * reactions, servers and channels for the dropdowns, and new channel messages polled (Discord
 * delivers messages to bots over its Gateway socket, not to webhooks).
 * https://discord.com/developers/docs/reference
 */
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { boolean, text } from './fields-b.js';

const API = 'https://discord.com/api/v10';

const guild = text('guild_id', 'Server', 'A server the bot has joined.', {
  required: true,
  dynamic: 'discord.Servers.listGuilds.0.id.name',
});
const channel = text('channel_id', 'Channel', 'A text channel of the server (the bot needs access to it).', {
  required: true,
  dynamic: 'discord.Channels.listChannels.0.id.name',
  params: ['guild_id'],
});
// In actions the server only narrows the channel dropdown: it is not part of the request.
const pickGuild = { ...guild, in: 'path' as const, required: false };
const message = text('message_id', 'Message ID', 'The ID of the message (Developer Mode → Copy Message ID).', {
  required: true,
});

export const discordApp: BuiltinAppDefinition = {
  appSlug: 'discord',
  appName: 'Discord',
  category: 'Communication',
  source: 'first100',
  iconURL: iconUrl('discord'),
  completionStatus: 'Complete',
  apiDocs: 'https://discord.com/developers/docs/reference',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'getBotUser',
    apikeyFormFields: [
      {
        key: 'api_key',
        title: 'Bot token',
        description:
          'Developer Portal → your application → Bot → Reset Token. Invite the bot to your server first; reading messages needs the Message Content intent.',
      },
    ],
    // discord.com/developers/docs/reference#authentication
    requestConfig: { headers: [{ key: 'Authorization', value: 'Bot ${auth.api_key}' }] },
  },
  actions: {
    getBotUser: {
      title: 'Get the bot user',
      hidden: true,
      method: 'get',
      url: `${API}/users/@me`,
      fields: [],
    },
    listGuilds: {
      title: 'List servers',
      hidden: true,
      method: 'get',
      url: `${API}/users/@me/guilds`,
      fields: [],
    },
    listChannels: {
      title: 'List channels',
      hidden: true,
      method: 'get',
      url: `${API}/guilds/{guild_id}/channels`,
      fields: [guild],
    },
    listMessages: {
      title: 'List the newest messages of a channel',
      hidden: true,
      method: 'get',
      url: `${API}/channels/{channel_id}/messages`,
      url_params: [{ key: 'limit', value: '100' }],
      fields: [pickGuild, channel],
    },
    sendMessage: {
      title: 'Send channel message',
      description: 'Posts a message in a channel as the bot.',
      method: 'post',
      url: `${API}/channels/{channel_id}/messages`,
      fields: [
        pickGuild,
        channel,
        text('content', 'Message', 'The text, up to 2000 characters (Markdown).', { required: true }),
        boolean('tts', 'Text to speech', 'Read the message aloud to people viewing the channel.'),
      ],
    },
    editMessage: {
      title: 'Edit message',
      description: 'Changes the text of a message the bot sent.',
      method: 'patch',
      url: `${API}/channels/{channel_id}/messages/{message_id}`,
      fields: [
        pickGuild,
        channel,
        message,
        text('content', 'Message', 'The new text, up to 2000 characters.', { required: true }),
      ],
    },
    addReaction: {
      title: 'Add reaction',
      description: 'Reacts to a message with an emoji.',
      method: 'put',
      url: `${API}/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me`,
      fields: [
        pickGuild,
        channel,
        message,
        text('emoji', 'Emoji', 'A Unicode emoji such as 👍, or a custom one as name:id.', { required: true }),
      ],
    },
  },
  triggers: {
    newMessage: {
      label: 'New message in channel',
      description: 'Triggers when a message is posted in a channel (checks every few minutes).',
      type: 'polling',
      action: 'listMessages',
      fields: [guild, channel],
      pollingParams: { dedupe_key: 'id', data_head: '0' },
    },
  },
};
