/**
 * The app catalogue: third-party apps shipped with Junction (source 'first100', the editor's
 * Popular tab), each declared as data in `apps/<slug>.json` in the developer portal's format
 * (core's `AppDefinition`, forms-dp 3) and registered after the built-ins by
 * `../builtin/index.ts`. Every file passes core's `validateAppDefinition` as it loads, or the
 * server refuses to start naming the file. Code an app truly needs lives in `./hooks.ts`.
 * The JSON is imported (bundled into the built server), so no file is read at start.
 */
import { validateAppDefinition } from '@junction/core';
import type { BuiltinAppDefinition } from '../builtin/types.js';
import googleSheets from './apps/google-sheets.json' with { type: 'json' };
import googleDrive from './apps/google-drive.json' with { type: 'json' };
import googleDocs from './apps/google-docs.json' with { type: 'json' };
import googleForms from './apps/google-forms.json' with { type: 'json' };
import googleCalendar from './apps/google-calendar.json' with { type: 'json' };
import gmail from './apps/gmail.json' with { type: 'json' };
import slack from './apps/slack.json' with { type: 'json' };
import microsoftOutlook from './apps/microsoft-outlook.json' with { type: 'json' };
import microsoftTeams from './apps/microsoft-teams.json' with { type: 'json' };
import notion from './apps/notion.json' with { type: 'json' };
import airtable from './apps/airtable.json' with { type: 'json' };
import trello from './apps/trello.json' with { type: 'json' };
import asana from './apps/asana.json' with { type: 'json' };
import jira from './apps/jira.json' with { type: 'json' };
import googleSlides from './apps/google-slides.json' with { type: 'json' };
import github from './apps/github.json' with { type: 'json' };
import gitlab from './apps/gitlab.json' with { type: 'json' };
import stripe from './apps/stripe.json' with { type: 'json' };
import hubspot from './apps/hubspot.json' with { type: 'json' };
import pipedrive from './apps/pipedrive.json' with { type: 'json' };
import salesforce from './apps/salesforce.json' with { type: 'json' };
import mailchimp from './apps/mailchimp.json' with { type: 'json' };
import shopifyStore from './apps/shopify-store.json' with { type: 'json' };
import discord from './apps/discord.json' with { type: 'json' };
import telegram from './apps/telegram.json' with { type: 'json' };
import twilio from './apps/twilio.json' with { type: 'json' };
import openai from './apps/openai.json' with { type: 'json' };
import typeform from './apps/typeform.json' with { type: 'json' };
import calendly from './apps/calendly.json' with { type: 'json' };
import dropbox from './apps/dropbox.json' with { type: 'json' };

/** The catalogue in the order the editor lists it: file name (the slug) and its data. */
const FILES: readonly (readonly [string, unknown])[] = [
  ['google-sheets', googleSheets],
  ['google-drive', googleDrive],
  ['google-docs', googleDocs],
  ['google-forms', googleForms],
  ['google-calendar', googleCalendar],
  ['gmail', gmail],
  ['slack', slack],
  ['microsoft-outlook', microsoftOutlook],
  ['microsoft-teams', microsoftTeams],
  ['notion', notion],
  ['airtable', airtable],
  ['trello', trello],
  ['asana', asana],
  ['jira', jira],
  ['google-slides', googleSlides],
  ['github', github],
  ['gitlab', gitlab],
  ['stripe', stripe],
  ['hubspot', hubspot],
  ['pipedrive', pipedrive],
  ['salesforce', salesforce],
  ['mailchimp', mailchimp],
  ['shopify-store', shopifyStore],
  ['discord', discord],
  ['telegram', telegram],
  ['twilio', twilio],
  ['openai', openai],
  ['typeform', typeform],
  ['calendly', calendly],
  ['dropbox', dropbox],
];

/**
 * Checks one app file against core's format and its file name; throws naming the file and
 * every problem's path.
 *
 * @example loadCatalogueApp('asana', { appSlug: 'asana', … }).appName // 'Asana'
 */
export function loadCatalogueApp(slug: string, data: unknown): BuiltinAppDefinition {
  const where = `server/src/integrations/catalogue/apps/${slug}.json`;
  const checked = validateAppDefinition(data);
  if (!checked.ok) {
    const problems = checked.errors.map((e) => `${e.path || '(app)'}: ${e.message}`).join('; ');
    throw new Error(`Catalogue app ${where} is not a valid app definition: ${problems}`);
  }
  const app = data as BuiltinAppDefinition;
  if (app.appSlug !== slug) throw new Error(`Catalogue app ${where} declares appSlug '${app.appSlug}'.`);
  return app;
}

/** Every catalogue app, validated. */
export const CATALOGUE_APPS: readonly BuiltinAppDefinition[] = FILES.map(([slug, data]) =>
  loadCatalogueApp(slug, data),
);

const BY_SLUG = new Map(CATALOGUE_APPS.map((app) => [app.appSlug, app]));

/**
 * The catalogue app with this slug (the shared object: copy before changing it); throws for
 * an unknown slug.
 *
 * @example catalogueApp('slack').authInfo.apiType // 'oauth2'
 */
export function catalogueApp(slug: string): BuiltinAppDefinition {
  const app = BY_SLUG.get(slug);
  if (!app) throw new Error(`No catalogue app '${slug}'.`);
  return app;
}
