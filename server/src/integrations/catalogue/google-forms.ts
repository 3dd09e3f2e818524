/**
 * Google Forms: new form response trigger; create a form, read a form, read a
 * response. Forms are picked with the Drive file picker.
 * API: https://developers.google.com/forms/api/reference/rest
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { required, text } from './fields-a.js';
import { DRIVE_METADATA_SCOPE, googleAuthInfo } from './google.js';
import { DRIVE_MIME, driveAboutAction, driveFilesAction, driveNewFilesAction } from './google-drive-files.js';

const FORMS = 'https://forms.googleapis.com/v1/forms';
const form = required('formId', 'Form', 'The form, picked from your Drive (or its id).', {
  in: 'path',
  dynamic: 'google-forms.Form.listForms.files.id.name',
});

/** The Google Forms app. */
export const googleFormsApp: BuiltinAppDefinition = {
  appSlug: 'google-forms',
  appName: 'Google Forms',
  category: 'Forms',
  source: 'first100',
  iconURL: iconUrl('google-forms'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.google.com/forms/api/reference/rest',
  authInfo: googleAuthInfo(
    [
      'https://www.googleapis.com/auth/forms.body',
      'https://www.googleapis.com/auth/forms.responses.readonly',
      DRIVE_METADATA_SCOPE,
    ],
    'testAuth',
  ),
  actions: {
    testAuth: driveAboutAction(),
    listForms: driveFilesAction('List forms', DRIVE_MIME.form),
    listNewForms: driveNewFilesAction('List new forms', DRIVE_MIME.form),
    listResponses: {
      title: 'List responses',
      description: 'Lists the responses of a form (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${FORMS}/{formId}/responses`,
      fields: [form],
    },
    createForm: {
      title: 'Create form',
      description: 'Creates a new form with a title (add questions in Google Forms).',
      method: 'post',
      url: FORMS,
      fields: [
        required('title', 'Title', 'The title shown at the top of the form.'),
        text('documentTitle', 'File name', 'The name of the form in Drive; empty uses the title.'),
      ],
      body: [
        { key: 'info.title', value: '${inputData.title}' },
        { key: 'info.documentTitle', value: '${inputData.documentTitle}' },
      ],
    },
    getForm: {
      title: 'Get form',
      description: "Reads a form's title, questions and responder link.",
      method: 'get',
      url: `${FORMS}/{formId}`,
      fields: [form],
    },
    getResponse: {
      title: 'Get response',
      description: 'Reads one response of a form by its id.',
      method: 'get',
      url: `${FORMS}/{formId}/responses/{responseId}`,
      fields: [
        form,
        required('responseId', 'Response ID', 'The id of the response, from the trigger.', { in: 'path' }),
      ],
    },
  },
  triggers: {
    newResponse: {
      label: 'New form response',
      description: 'Triggers when someone submits the form.',
      type: 'polling',
      action: 'listResponses',
      fields: [form],
      pollingParams: { dedupe_key: 'responseId', data_head: 'responses' },
    },
    newForm: {
      label: 'New form',
      description: 'Triggers when a form is created in your Drive.',
      type: 'polling',
      action: 'listNewForms',
      pollingParams: { dedupe_key: 'id', data_head: 'files' },
    },
  },
};
