/**
 * Telegram Bot API: the bot token from @BotFather in the method URL; messages, photos and
 * documents, and the bot's webhook (setWebhook / deleteWebhook) for the instant 'New message'
 * trigger. https://core.telegram.org/bots/api
 */
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { boolean, fixed, hookUrl, text } from './fields-b.js';

// core.telegram.org/bots/api#making-requests: https://api.telegram.org/bot<token>/METHOD_NAME
const API = 'https://api.telegram.org/bot${auth.api_key}';

const chat = text(
  'chat_id',
  'Chat',
  'The chat ID (a number; negative for groups) or a public channel as @channelname. The person or group must have started the bot.',
  { required: true },
);
const parseMode = text('parse_mode', 'Formatting', 'How to read the text: plain, HTML or MarkdownV2.', {
  enum: ['HTML', 'MarkdownV2'],
  enumNames: ['HTML', 'MarkdownV2'],
});
const silent = boolean('disable_notification', 'Silent', 'Deliver without a notification sound.');

export const telegramApp: BuiltinAppDefinition = {
  appSlug: 'telegram',
  appName: 'Telegram',
  category: 'Communication',
  source: 'first100',
  iconURL: iconUrl('telegram'),
  completionStatus: 'Complete',
  apiDocs: 'https://core.telegram.org/bots/api',
  authInfo: {
    apiType: 'apikey',
    testAuth: 'getMe',
    apikeyFormFields: [
      {
        key: 'api_key',
        title: 'Bot token',
        description: 'Message @BotFather in Telegram, send /newbot, and paste the token it answers (123456:ABC-DEF…).',
      },
    ],
  },
  actions: {
    getMe: {
      title: 'Get the bot',
      hidden: true,
      method: 'get',
      url: `${API}/getMe`,
      fields: [],
    },
    sendMessage: {
      title: 'Send message',
      description: 'Sends a text message to a chat.',
      method: 'post',
      url: `${API}/sendMessage`,
      fields: [chat, text('text', 'Text', 'The message, 1 to 4096 characters.', { required: true }), parseMode, silent],
    },
    sendPhoto: {
      title: 'Send photo',
      description: 'Sends a photo from a public URL.',
      method: 'post',
      url: `${API}/sendPhoto`,
      fields: [
        chat,
        text('photo', 'Photo URL', 'A public http(s) URL of a JPEG or PNG up to 5 MB.', { required: true }),
        text('caption', 'Caption', 'Text under the photo, up to 1024 characters.'),
        parseMode,
        silent,
      ],
    },
    sendDocument: {
      title: 'Send document',
      description: 'Sends a file from a public URL.',
      method: 'post',
      url: `${API}/sendDocument`,
      fields: [
        chat,
        text('document', 'File URL', 'A public http(s) URL of the file (PDF or ZIP, up to 20 MB).', { required: true }),
        text('caption', 'Caption', 'Text under the file, up to 1024 characters.'),
        parseMode,
        silent,
      ],
    },
    setWebhook: {
      title: 'Set the bot webhook',
      hidden: true,
      method: 'post',
      url: `${API}/setWebhook`,
      fields: [hookUrl(), fixed('allowed_updates', ['message'], 'array')],
    },
    deleteWebhook: {
      title: 'Delete the bot webhook',
      hidden: true,
      method: 'post',
      url: `${API}/deleteWebhook`,
      fields: [],
    },
  },
  triggers: {
    newMessage: {
      label: 'New message (instant)',
      description:
        'Triggers when someone sends the bot a message or posts in a group with it. A bot has one webhook: one workflow per bot.',
      type: 'webhook',
      performList: 'setWebhook',
      unsubscribe: 'deleteWebhook',
      webhookKey: 'message',
      pollingParams: {},
    },
  },
};
