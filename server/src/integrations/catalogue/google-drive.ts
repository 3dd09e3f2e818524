/**
 * Google Drive: new file / new folder / new file in a folder triggers; create a
 * folder, copy, share, move to trash, find files, get a file's details. Files and folders are
 * picked with the Drive file picker.
 * API: https://developers.google.com/drive/api/reference/rest/v3
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required, text } from './fields-a.js';
import { googleAuthInfo } from './google.js';
import {
  DRIVE_FILES_URL,
  DRIVE_MIME,
  driveAboutAction,
  driveFilesAction,
  driveNewFilesAction,
} from './google-drive-files.js';

const FILE_FIELDS = 'id,name,mimeType,createdTime,modifiedTime,webViewLink,parents,size';

const file = required('fileId', 'File', 'The file, picked from your Drive (or its id).', {
  in: 'path',
  dynamic: 'google-drive.File.listFiles.files.id.name',
});
// Used inside the `q` query through ${inputData.folderId}, never sent as its own parameter ('path' without a placeholder).
const watchedFolder = field('string', 'folderId', 'Folder', 'The folder to watch, picked from your Drive.', {
  required: true,
  in: 'path',
  dynamic: 'google-drive.Folder.listFolders.files.id.name',
});

/** The Google Drive app. */
export const googleDriveApp: BuiltinAppDefinition = {
  appSlug: 'google-drive',
  appName: 'Google Drive',
  category: 'Files',
  source: 'first100',
  iconURL: iconUrl('google-drive'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.google.com/drive/api/reference/rest/v3',
  authInfo: googleAuthInfo(['https://www.googleapis.com/auth/drive'], 'testAuth'),
  actions: {
    testAuth: driveAboutAction(),
    listFiles: driveFilesAction('List files'),
    listFolders: driveFilesAction('List folders', DRIVE_MIME.folder),
    listNewFiles: driveNewFilesAction('List new files'),
    listNewFolders: driveNewFilesAction('List new folders', DRIVE_MIME.folder),
    listNewFilesInFolder: {
      title: 'List new files in a folder',
      description: 'Lists the newest files of one folder (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: DRIVE_FILES_URL,
      fields: [watchedFolder],
      url_params: [
        { key: 'q', value: "'${inputData.folderId}' in parents and trashed=false" },
        { key: 'orderBy', value: 'createdTime desc' },
        { key: 'pageSize', value: '100' },
        { key: 'fields', value: `files(${FILE_FIELDS})` },
        { key: 'supportsAllDrives', value: 'true' },
        { key: 'includeItemsFromAllDrives', value: 'true' },
      ],
    },
    createFolder: {
      title: 'Create folder',
      description: 'Creates a folder, at the top of My Drive or inside another folder.',
      method: 'post',
      url: DRIVE_FILES_URL,
      url_params: [{ key: 'supportsAllDrives', value: 'true' }],
      fields: [
        required('name', 'Name', 'The name of the new folder.'),
        fixed('mimeType', DRIVE_MIME.folder, 'formData'),
        field('array', 'parents', 'Parent folder', 'The folder to create it in; empty for the top of My Drive.', {
          items: { type: 'string', dynamic: 'google-drive.Folder.listFolders.files.id.name' },
        }),
      ],
    },
    copyFile: {
      title: 'Copy file',
      description: 'Makes a copy of a file, optionally under a new name or in another folder.',
      method: 'post',
      url: `${DRIVE_FILES_URL}/{fileId}/copy`,
      url_params: [{ key: 'supportsAllDrives', value: 'true' }],
      fields: [
        file,
        text('name', 'New name', 'The name of the copy; empty keeps "Copy of …".'),
        field('array', 'parents', 'Folder', 'The folder to put the copy in; empty for the same folder.', {
          items: { type: 'string', dynamic: 'google-drive.Folder.listFolders.files.id.name' },
        }),
      ],
    },
    shareFile: {
      title: 'Share file',
      description: 'Gives a person access to a file or folder.',
      method: 'post',
      url: `${DRIVE_FILES_URL}/{fileId}/permissions`,
      url_params: [{ key: 'supportsAllDrives', value: 'true' }],
      fields: [
        file,
        required('emailAddress', 'E-mail', 'The e-mail address of the person to share with.'),
        required('role', 'Role', 'What they may do with it.', {
          enum: ['reader', 'commenter', 'writer'],
          enumNames: ['Viewer', 'Commenter', 'Editor'],
        }),
        fixed('type', 'user', 'formData'),
        field(
          'boolean',
          'sendNotificationEmail',
          'Notify by e-mail',
          'Send them an e-mail about it (Yes by default).',
          {
            in: 'query',
          },
        ),
      ],
    },
    trashFile: {
      title: 'Move file to trash',
      description: 'Moves a file or folder to the trash (it can be restored for 30 days).',
      method: 'patch',
      url: `${DRIVE_FILES_URL}/{fileId}`,
      url_params: [{ key: 'supportsAllDrives', value: 'true' }],
      fields: [file, fixed('trashed', true, 'formData')],
    },
    findFiles: {
      title: 'Find files',
      description: 'Finds files whose name contains a text.',
      method: 'get',
      url: DRIVE_FILES_URL,
      fields: [required('name', 'Name contains', 'Text the file name contains.', { in: 'path' })],
      url_params: [
        { key: 'q', value: "name contains '${inputData.name}' and trashed=false" },
        { key: 'fields', value: `files(${FILE_FIELDS})` },
        { key: 'pageSize', value: '100' },
        { key: 'supportsAllDrives', value: 'true' },
        { key: 'includeItemsFromAllDrives', value: 'true' },
        { key: 'corpora', value: 'allDrives' },
      ],
    },
    getFile: {
      title: 'Get file details',
      description: "Reads a file's name, type, link, folder and dates.",
      method: 'get',
      url: `${DRIVE_FILES_URL}/{fileId}`,
      url_params: [
        { key: 'fields', value: FILE_FIELDS },
        { key: 'supportsAllDrives', value: 'true' },
      ],
      fields: [file],
    },
  },
  triggers: {
    newFile: {
      label: 'New file',
      description: 'Triggers when a file is added anywhere in your Drive.',
      type: 'polling',
      action: 'listNewFiles',
      pollingParams: { dedupe_key: 'id', data_head: 'files' },
    },
    newFileInFolder: {
      label: 'New file in folder',
      description: 'Triggers when a file is added to a folder you choose.',
      type: 'polling',
      action: 'listNewFilesInFolder',
      fields: [watchedFolder],
      pollingParams: { dedupe_key: 'id', data_head: 'files' },
    },
    newFolder: {
      label: 'New folder',
      description: 'Triggers when a folder is created in your Drive.',
      type: 'polling',
      action: 'listNewFolders',
      pollingParams: { dedupe_key: 'id', data_head: 'files' },
    },
  },
};
