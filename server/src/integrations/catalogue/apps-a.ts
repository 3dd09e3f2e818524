/**
 * The catalogue's first list of third-party apps, registered through
 * `./index.ts` after the built-ins.
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { gmailApp } from './gmail.js';
import { googleCalendarApp } from './google-calendar.js';
import { googleDocsApp } from './google-docs.js';
import { googleDriveApp } from './google-drive.js';
import { googleFormsApp } from './google-forms.js';
import { googleSheetsApp } from './google-sheets.js';
import { slackApp } from './slack.js';
import { microsoftOutlookApp } from './microsoft-outlook.js';
import { microsoftTeamsApp } from './microsoft-teams.js';
import { notionApp } from './notion.js';
import { airtableApp } from './airtable.js';
import { trelloApp } from './trello.js';
import { asanaApp } from './asana.js';
import { jiraApp } from './jira.js';
import { googleSlidesApp } from './google-slides.js';

export const catalogueAppsA: readonly BuiltinAppDefinition[] = [
  googleSheetsApp,
  googleDriveApp,
  googleDocsApp,
  googleFormsApp,
  googleCalendarApp,
  gmailApp,
  slackApp,
  microsoftOutlookApp,
  microsoftTeamsApp,
  notionApp,
  airtableApp,
  trelloApp,
  asanaApp,
  jiraApp,
  googleSlidesApp,
];
