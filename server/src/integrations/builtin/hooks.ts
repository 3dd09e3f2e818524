/**
 * The built-in apps whose trigger is a request to Junction: Webhook (a catch-hook URL per
 * workflow at `/hooks/{key}`) and Forms by Junction (submissions of a public form at
 * `/form/{id}`) (editor-core 2.9). Neither needs an account.
 */
import { type BuiltinAppDefinition, iconUrl } from './types.js';

/**
 * The Webhook Pickoff Key of a trigger that passes the whole body on (the same convention as
 * a polling trigger's data_head '0').
 */
export const WHOLE_BODY_KEY = '0';

/** The Webhook app: 'Catch Hook', with an optional pick-off key chosen per step. */
export const webhookApp: BuiltinAppDefinition = {
  appSlug: 'webhook',
  appName: 'Webhook',
  category: 'Built-in',
  source: 'builtin',
  iconURL: iconUrl('webhook'),
  completionStatus: 'Complete',
  disableAuth: true,
  authInfo: {},
  actions: {},
  triggers: {
    catchHook: {
      label: 'Catch Hook',
      description: 'Triggers when a request is sent to this workflow’s webhook URL.',
      type: 'webhook',
      webhookKey: WHOLE_BODY_KEY,
      pollingParams: {},
      fields: [
        {
          name: 'pickOffKey',
          title: 'Pick off a child key',
          description:
            'Only this key of the request body goes on to the next steps (for example data.items); when it holds a list, each item starts its own run. Leave empty to use the whole body.',
          schema: { type: 'string' },
        },
      ],
    },
  },
};

/** Forms by Junction: one trigger per public form. */
export const formsApp: BuiltinAppDefinition = {
  appSlug: 'junction-forms',
  appName: 'Forms by Junction',
  category: 'Built-in',
  source: 'builtin',
  iconURL: iconUrl('junction-forms'),
  completionStatus: 'Complete',
  disableAuth: true,
  authInfo: {},
  actions: {},
  triggers: {
    newSubmission: {
      label: 'New Form Submission',
      description: 'Triggers when someone submits this workflow’s public form.',
      type: 'webhook',
      webhookKey: WHOLE_BODY_KEY,
      pollingParams: {},
      fields: [
        {
          name: 'formId',
          title: 'Form',
          description: 'The form whose submissions start this workflow; its page is /form/{id}.',
          required: true,
          schema: { type: 'string' },
        },
      ],
    },
  },
};
