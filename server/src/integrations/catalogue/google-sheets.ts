/**
 * Google Sheets: add, read and update rows, create spreadsheets; new row, new
 * spreadsheet and new worksheet triggers. Spreadsheets are picked with the Drive file picker.
 * The new-row trigger's list runs as Python custom code in the sandbox (rows have no ids).
 * API: https://developers.google.com/sheets/api/reference/rest
 */
import type { BuiltinAppDefinition } from '../builtin/types.js';
import { iconUrl } from '../builtin/types.js';
import { field, fixed, required } from './fields-a.js';
import { DRIVE_METADATA_SCOPE, googleAuthInfo } from './google.js';
import { DRIVE_MIME, driveAboutAction, driveFilesAction, driveNewFilesAction } from './google-drive-files.js';

const SHEETS = 'https://sheets.googleapis.com/v4/spreadsheets';

const spreadsheet = required(
  'spreadsheetId',
  'Spreadsheet',
  'The spreadsheet, picked from your Drive (or its id from the address bar).',
  { in: 'path', dynamic: 'google-sheets.Spreadsheet.listSpreadsheets.files.id.name' },
);
const worksheet = required(
  'range',
  'Worksheet',
  "The worksheet's name as on its tab, e.g. Sheet1; add a range in A1 notation to narrow it (Sheet1!A1:D).",
  { in: 'path' },
);
// With majorDimension COLUMNS each list item is one column of the row: ['a', 'b'] → [['a'], ['b']].
const rowValues = field(
  'array',
  'values',
  'Row values',
  'One value per column, left to right (a list, or text separated by commas).',
  { required: true, items: { type: 'array', items: { type: 'string' } } },
);

// Sheets answers rows without ids: the trigger's list numbers them (row 1 holds the column
// names), keys each cell by its column name, and answers the newest row first.
const LIST_ROWS_CODE = `from urllib.parse import quote

def run(inputData, authData):
    url = '${SHEETS}/%s/values/%s' % (quote(str(inputData['spreadsheetId']), safe=''), quote(str(inputData['range']), safe='!:'))
    response = authenticated_request('GET', url, params={'majorDimension': 'ROWS'})
    if response['status'] >= 400:
        raise Exception('Google Sheets answered %s: %s' % (response['status'], response['body']))
    values = response['body'].get('values', [])
    header = values[0] if values else []
    rows = []
    for number, cells in enumerate(values[1:], start=2):
        row = {'id': str(number), 'row_number': number}
        for index, cell in enumerate(cells):
            name = header[index] if index < len(header) and header[index] != '' else 'Column %d' % (index + 1)
            row[name] = cell
        rows.append(row)
    rows.reverse()
    return {'rows': rows}
`;

/** The Google Sheets app. */
export const googleSheetsApp: BuiltinAppDefinition = {
  appSlug: 'google-sheets',
  appName: 'Google Sheets',
  category: 'Productivity',
  source: 'first100',
  iconURL: iconUrl('google-sheets'),
  completionStatus: 'Complete',
  apiDocs: 'https://developers.google.com/sheets/api/reference/rest',
  authInfo: googleAuthInfo(['https://www.googleapis.com/auth/spreadsheets', DRIVE_METADATA_SCOPE], 'testAuth'),
  actions: {
    testAuth: driveAboutAction(),
    listSpreadsheets: driveFilesAction('List spreadsheets', DRIVE_MIME.spreadsheet),
    listNewSpreadsheets: driveNewFilesAction('List new spreadsheets', DRIVE_MIME.spreadsheet),
    listWorksheets: {
      title: 'List worksheets',
      description: 'Lists the worksheets of a spreadsheet (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${SHEETS}/{spreadsheetId}`,
      fields: [spreadsheet],
      url_params: [{ key: 'fields', value: 'sheets.properties' }],
    },
    listRows: {
      title: 'List rows',
      description: 'Lists the rows of a worksheet below its header row, newest first (the trigger polls it).',
      hidden: true,
      method: 'get',
      url: `${SHEETS}/{spreadsheetId}/values/{range}`,
      fields: [spreadsheet, worksheet],
      customForm: { custom: true, apiCode: LIST_ROWS_CODE },
    },
    addRow: {
      title: 'Create spreadsheet row',
      description: 'Adds a row at the end of a worksheet.',
      method: 'post',
      url: `${SHEETS}/{spreadsheetId}/values/{range}:append`,
      url_params: [
        { key: 'valueInputOption', value: 'USER_ENTERED' },
        { key: 'insertDataOption', value: 'INSERT_ROWS' },
      ],
      fields: [spreadsheet, worksheet, rowValues, fixed('majorDimension', 'COLUMNS', 'formData')],
    },
    getRows: {
      title: 'Get rows',
      description: 'Reads the rows of a worksheet or of a range.',
      method: 'get',
      url: `${SHEETS}/{spreadsheetId}/values/{range}`,
      fields: [
        spreadsheet,
        worksheet,
        field('string', 'valueRenderOption', 'Values as', 'Formatted as shown in the sheet, or the raw values.', {
          in: 'query',
          enum: ['FORMATTED_VALUE', 'UNFORMATTED_VALUE', 'FORMULA'],
          enumNames: ['Formatted', 'Unformatted', 'Formulas'],
        }),
      ],
    },
    updateRow: {
      title: 'Update spreadsheet row',
      description: 'Replaces the values of one row.',
      method: 'put',
      url: `${SHEETS}/{spreadsheetId}/values/{range}`,
      url_params: [{ key: 'valueInputOption', value: 'USER_ENTERED' }],
      fields: [
        spreadsheet,
        required('range', 'Row', 'The row to overwrite in A1 notation, e.g. Sheet1!A5.', { in: 'path' }),
        rowValues,
        fixed('majorDimension', 'COLUMNS', 'formData'),
      ],
    },
    createSpreadsheet: {
      title: 'Create spreadsheet',
      description: 'Creates a new, empty spreadsheet in your Drive.',
      method: 'post',
      url: SHEETS,
      fields: [required('title', 'Title', 'The name of the new spreadsheet.')],
      body: [{ key: 'properties.title', value: '${inputData.title}' }],
    },
  },
  triggers: {
    newRow: {
      label: 'New spreadsheet row',
      description: 'Triggers when a row is added at the bottom of a worksheet (row 1 holds the column names).',
      type: 'polling',
      action: 'listRows',
      fields: [spreadsheet, worksheet],
      pollingParams: { dedupe_key: 'id', data_head: 'rows' },
    },
    newSpreadsheet: {
      label: 'New spreadsheet',
      description: 'Triggers when a spreadsheet is created in your Drive.',
      type: 'polling',
      action: 'listNewSpreadsheets',
      pollingParams: { dedupe_key: 'id', data_head: 'files' },
    },
    newWorksheet: {
      label: 'New worksheet',
      description: 'Triggers when a worksheet is added to a spreadsheet.',
      type: 'polling',
      action: 'listWorksheets',
      fields: [spreadsheet],
      pollingParams: { dedupe_key: 'properties.sheetId', data_head: 'sheets' },
    },
  },
};
