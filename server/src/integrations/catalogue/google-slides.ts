/**
 * Google Slides: new presentation trigger; create a presentation, create one from
 * a template, replace text (fill a template's {{placeholders}}), read a presentation.
 * Presentations are picked with the Drive file picker.
 * API: https://developers.google.com/slides/api/reference/rest
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required } from './fields-a.js';
import { DRIVE_METADATA_SCOPE, googleAuthInfo } from './google.js';
import {
  DRIVE_FILES_URL,
  DRIVE_MIME,
  driveAboutAction,
  driveFilesAction,
  driveNewFilesAction,
} from './google-drive-files.js';

const SLIDES = 'https://slides.googleapis.com/v1/presentations';
const presentation = required(
  'presentationId',
  'Presentation',
  'The presentation, picked from your Drive (or its id).',
  {
    in: 'path',
    dynamic: 'google-slides.Presentation.listPresentations.files.id.name',
  },
);
// Referenced inside the batchUpdate requests only ('path' without a placeholder: never sent on its own).
const inner = (name: string, title: string, description: string, isRequired = true) =>
  field('string', name, title, description, { in: 'path', required: isRequired });

/** The Google Slides app. */
export const googleSlidesApp: BuiltinAppDefinition = {
  appSlug: 'google-slides',
  appName: 'Google Slides',
  category: 'Productivity',
  source: 'first100',
  iconURL: iconUrl('google-slides'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.google.com/slides/api/reference/rest',
  authInfo: googleAuthInfo(
    [
      'https://www.googleapis.com/auth/presentations',
      'https://www.googleapis.com/auth/drive.file',
      DRIVE_METADATA_SCOPE,
    ],
    'testAuth',
  ),
  actions: {
    testAuth: driveAboutAction(),
    listPresentations: driveFilesAction('List presentations', DRIVE_MIME.presentation),
    listNewPresentations: driveNewFilesAction('List new presentations', DRIVE_MIME.presentation),
    createPresentation: {
      title: 'Create presentation',
      description: 'Creates a new presentation with one title slide.',
      method: 'post',
      url: SLIDES,
      fields: [required('title', 'Title', 'The name of the new presentation.')],
    },
    createFromTemplate: {
      title: 'Create presentation from template',
      description: 'Copies a template presentation under a new name (then fill it with Replace text).',
      method: 'post',
      url: `${DRIVE_FILES_URL}/{presentationId}/copy`,
      url_params: [{ key: 'supportsAllDrives', value: 'true' }],
      fields: [
        { ...presentation, title: 'Template', description: 'The template presentation to copy.' },
        required('name', 'New presentation name', 'The name of the new presentation.'),
      ],
    },
    replaceText: {
      title: 'Replace text in presentation',
      description: 'Replaces every occurrence of a text on every slide, e.g. a {{name}} placeholder.',
      method: 'post',
      url: `${SLIDES}/{presentationId}:batchUpdate`,
      fields: [
        presentation,
        inner('find', 'Find', 'The text to look for, e.g. {{name}}.'),
        inner('replace', 'Replace with', 'The text to put in its place (empty removes it).', false),
        fixed(
          'requests',
          [
            {
              replaceAllText: {
                containsText: { text: '${inputData.find}', matchCase: true },
                replaceText: '${inputData.replace}',
              },
            },
          ],
          'formData',
        ),
      ],
    },
    getPresentation: {
      title: 'Get presentation',
      description: "Reads a presentation's title and slides.",
      method: 'get',
      url: `${SLIDES}/{presentationId}`,
      fields: [presentation],
    },
  },
  triggers: {
    newPresentation: {
      label: 'New presentation',
      description: 'Triggers when a presentation is created in your Drive.',
      type: 'polling',
      action: 'listNewPresentations',
      pollingParams: { dedupe_key: 'id', data_head: 'files' },
    },
  },
};
