/**
 * Google Docs: create a document, append text, replace text (fill a template),
 * create a document from a template, read a document; new document trigger. Documents are
 * picked with the Drive file picker.
 * API: https://developers.google.com/docs/api/reference/rest
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

const DOCS = 'https://docs.googleapis.com/v1/documents';
const document = required('documentId', 'Document', 'The document, picked from your Drive (or its id).', {
  in: 'path',
  dynamic: 'google-docs.Document.listDocuments.files.id.name',
});
// Referenced inside the batchUpdate requests only ('path' without a placeholder: never sent on its own).
const usedIn = (name: string, title: string, description: string, isRequired = true) =>
  field('string', name, title, description, { in: 'path', required: isRequired });

/** The Google Docs app. */
export const googleDocsApp: BuiltinAppDefinition = {
  appSlug: 'google-docs',
  appName: 'Google Docs',
  category: 'Productivity',
  source: 'first100',
  iconURL: iconUrl('google-docs'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.google.com/docs/api/reference/rest',
  authInfo: googleAuthInfo(
    ['https://www.googleapis.com/auth/documents', 'https://www.googleapis.com/auth/drive.file', DRIVE_METADATA_SCOPE],
    'testAuth',
  ),
  actions: {
    testAuth: driveAboutAction(),
    listDocuments: driveFilesAction('List documents', DRIVE_MIME.document),
    listNewDocuments: driveNewFilesAction('List new documents', DRIVE_MIME.document),
    createDocument: {
      title: 'Create document',
      description: 'Creates a new, empty document.',
      method: 'post',
      url: DOCS,
      fields: [required('title', 'Title', 'The name of the new document.')],
    },
    appendText: {
      title: 'Append text to document',
      description: 'Adds text at the end of a document.',
      method: 'post',
      url: `${DOCS}/{documentId}:batchUpdate`,
      fields: [
        document,
        usedIn('text', 'Text', 'The text to add; start it with a new line to begin a new paragraph.'),
        fixed('requests', [{ insertText: { endOfSegmentLocation: {}, text: '${inputData.text}' } }], 'formData'),
      ],
    },
    replaceText: {
      title: 'Replace text in document',
      description: 'Replaces every occurrence of a text, e.g. a {{name}} placeholder of a template.',
      method: 'post',
      url: `${DOCS}/{documentId}:batchUpdate`,
      fields: [
        document,
        usedIn('find', 'Find', 'The text to look for, e.g. {{name}}.'),
        usedIn('replace', 'Replace with', 'The text to put in its place (empty removes it).', false),
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
    createFromTemplate: {
      title: 'Create document from template',
      description: 'Copies a template document under a new name (then fill it with Replace text).',
      method: 'post',
      url: `${DRIVE_FILES_URL}/{documentId}/copy`,
      url_params: [{ key: 'supportsAllDrives', value: 'true' }],
      fields: [
        { ...document, title: 'Template', description: 'The template document to copy.' },
        required('name', 'New document name', 'The name of the new document.'),
      ],
    },
    getDocument: {
      title: 'Get document',
      description: "Reads a document's title and content.",
      method: 'get',
      url: `${DOCS}/{documentId}`,
      fields: [document],
    },
  },
  triggers: {
    newDocument: {
      label: 'New document',
      description: 'Triggers when a document is created in your Drive.',
      type: 'polling',
      action: 'listNewDocuments',
      pollingParams: { dedupe_key: 'id', data_head: 'files' },
    },
  },
};
