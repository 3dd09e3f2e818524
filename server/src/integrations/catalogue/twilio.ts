/**
 * Twilio (REST API 2010-04-01): Account SID and Auth Token over HTTP Basic, form-encoded
 * requests; SMS/MMS and calls, phone numbers for the From dropdown, and new incoming SMS polled
 * (Twilio posts incoming messages form-encoded, which Junction's JSON webhook endpoint does
 * not take). https://www.twilio.com/docs/usage/api
 */
import type { KeyValue } from '@junction/core';
import { type BuiltinAppDefinition, iconUrl } from '../builtin/types.js';
import { list, text } from './fields-b.js';

const ACCOUNT = 'https://api.twilio.com/2010-04-01/Accounts/${auth.username}';
const FORM: KeyValue[] = [{ key: 'Content-Type', value: 'application/x-www-form-urlencoded' }];
const from = text('From', 'From', 'One of your Twilio numbers, in E.164 format (+15017122661).', {
  required: true,
  dynamic: 'twilio.Numbers.listPhoneNumbers.incoming_phone_numbers.phone_number.friendly_name',
});
const to = text('To', 'To', 'The recipient number in E.164 format, e.g. +15558675310.', { required: true });

export const twilioApp: BuiltinAppDefinition = {
  appSlug: 'twilio',
  appName: 'Twilio',
  category: 'Communication',
  source: 'first100',
  iconURL: iconUrl('twilio'),
  completionStatus: 'Complete',
  apiDocs: 'https://www.twilio.com/docs/usage/api',
  authInfo: {
    apiType: 'basic',
    testAuth: 'getAccount',
    basicFormFields: [
      {
        key: 'username',
        title: 'Account SID',
        description: 'Console → Account Info: the Account SID (AC…).',
        public: true,
      },
      { key: 'password', title: 'Auth Token', description: 'Console → Account Info: the Auth Token.' },
    ],
  },
  actions: {
    getAccount: {
      title: 'Get the account',
      hidden: true,
      method: 'get',
      url: `${ACCOUNT}.json`,
      fields: [],
    },
    listPhoneNumbers: {
      title: 'List your phone numbers',
      hidden: true,
      method: 'get',
      url: `${ACCOUNT}/IncomingPhoneNumbers.json`,
      url_params: [{ key: 'PageSize', value: '1000' }],
      fields: [],
    },
    listIncomingMessages: {
      title: 'List messages received by a number, newest first',
      hidden: true,
      method: 'get',
      url: `${ACCOUNT}/Messages.json`,
      url_params: [{ key: 'PageSize', value: '100' }],
      fields: [
        text('To', 'Your number', 'The Twilio number that receives the messages.', {
          required: true,
          dynamic: 'twilio.Numbers.listPhoneNumbers.incoming_phone_numbers.phone_number.friendly_name',
        }),
      ],
    },
    sendMessage: {
      title: 'Send SMS',
      description: 'Sends an SMS, or an MMS when media URLs are given.',
      method: 'post',
      url: `${ACCOUNT}/Messages.json`,
      headers: FORM,
      fields: [
        to,
        from,
        text('Body', 'Message', 'The text, up to 1600 characters.', { required: true }),
        list('MediaUrl', 'Media URLs', 'Public URLs of images to send as MMS (US and Canada), up to 10.'),
      ],
    },
    makeCall: {
      title: 'Make call',
      description: 'Calls a number and plays TwiML, e.g. a spoken message.',
      method: 'post',
      url: `${ACCOUNT}/Calls.json`,
      headers: FORM,
      fields: [
        to,
        from,
        text('Twiml', 'TwiML', 'What the call does, e.g. <Response><Say>Your order has shipped.</Say></Response>.', {
          required: true,
        }),
      ],
    },
  },
  triggers: {
    newIncomingSms: {
      label: 'New incoming SMS',
      description: 'Triggers when one of your numbers receives a message (checks every few minutes).',
      type: 'polling',
      action: 'listIncomingMessages',
      fields: [
        text('To', 'Your number', 'The Twilio number that receives the messages.', {
          required: true,
          dynamic: 'twilio.Numbers.listPhoneNumbers.incoming_phone_numbers.phone_number.friendly_name',
        }),
      ],
      pollingParams: { dedupe_key: 'sid', data_head: 'messages' },
    },
  },
};
