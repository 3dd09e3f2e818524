/**
 * The catalogue's second list of third-party apps, registered through
 * `./index.ts` after the built-ins. Each app's contract test is test/catalogue/<slug>.test.ts.
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { calendlyApp } from './calendly.js';
import { discordApp } from './discord.js';
import { dropboxApp } from './dropbox.js';
import { githubApp } from './github.js';
import { gitlabApp } from './gitlab.js';
import { hubspotApp } from './hubspot.js';
import { mailchimpApp } from './mailchimp.js';
import { openaiApp } from './openai.js';
import { pipedriveApp } from './pipedrive.js';
import { salesforceApp } from './salesforce.js';
import { shopifyStoreApp } from './shopify-store.js';
import { stripeApp } from './stripe.js';
import { telegramApp } from './telegram.js';
import { twilioApp } from './twilio.js';
import { typeformApp } from './typeform.js';

export const catalogueAppsB: readonly BuiltinAppDefinition[] = [
  githubApp,
  gitlabApp,
  stripeApp,
  hubspotApp,
  pipedriveApp,
  salesforceApp,
  mailchimpApp,
  shopifyStoreApp,
  discordApp,
  telegramApp,
  twilioApp,
  openaiApp,
  typeformApp,
  calendlyApp,
  dropboxApp,
];
