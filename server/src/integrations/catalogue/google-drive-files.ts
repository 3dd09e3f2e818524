/**
 * The Drive file picker of the Drive-type apps (editor-core 7.5): Google Sheets,
 * Docs, Forms, Slides and Drive list the user's files through the server with the user's
 * credential — page size 200, trashed files excluded, filtered by the app's mime type, every
 * drive (shared drives too), paging by `nextPageToken`, shortcuts resolved to their targets —
 * as a dynamic-dropdown source (`google-sheets.Spreadsheet.listSpreadsheets.files.id.name`).
 *
 * A Drive-type app's list action (in its `apps/<slug>.json`) is what {@link driveFilesAction}
 * builds; the steps service finds this pager through `./hooks.ts` ({@link isDriveFilesAction}
 * tells the action, {@link listDriveFiles} pages it), so a search goes to Drive
 * (`name contains`) and Load More follows `nextPageToken`. Run as a
 * plain action (step test, trigger choices) it is an ordinary GET of the files list.
 * API: https://developers.google.com/drive/api/reference/rest/v3/files/list
 */
import type { ActionDef } from '@junction/core';

/** The Drive v3 files endpoint. */
export const DRIVE_FILES_URL = 'https://www.googleapis.com/drive/v3/files';

/** Files per page (editor-core 9 "Drive listing page size"). */
export const DRIVE_PAGE_SIZE = 200;

/** Drive mime types of the Google file kinds. */
export const DRIVE_MIME = {
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  document: 'application/vnd.google-apps.document',
  form: 'application/vnd.google-apps.form',
  presentation: 'application/vnd.google-apps.presentation',
  folder: 'application/vnd.google-apps.folder',
  shortcut: 'application/vnd.google-apps.shortcut',
} as const;

/** The file properties the picker asks Drive for. */
export const DRIVE_LIST_FIELDS =
  'nextPageToken,files(id,name,mimeType,modifiedTime,shortcutDetails(targetId,targetMimeType))';

/** Searches shorter than this are not sent to Drive (editor-core 5.4: search engages above 1 character). */
const MIN_SEARCH = 2;

/** Quotes text for a Drive query string literal (backslash and single quote escaped). */
export function driveQueryLiteral(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * The Drive query of a picker: files of the mime type (or, for none, any file that is not a
 * folder) plus shortcuts, not in the trash, optionally whose name contains `search`.
 *
 * @example driveQuery(DRIVE_MIME.spreadsheet)
 * // "(mimeType='application/vnd.google-apps.spreadsheet' or mimeType='application/vnd.google-apps.shortcut') and trashed=false"
 */
export function driveQuery(mimeType: string | undefined, search?: string): string {
  const kind = mimeType
    ? `(mimeType=${driveQueryLiteral(mimeType)} or mimeType=${driveQueryLiteral(DRIVE_MIME.shortcut)})`
    : `mimeType!=${driveQueryLiteral(DRIVE_MIME.folder)}`;
  const needle = (search ?? '').trim();
  const name = needle.length >= MIN_SEARCH ? ` and name contains ${driveQueryLiteral(needle)}` : '';
  return `${kind} and trashed=false${name}`;
}

/**
 * A hidden action listing the user's files of one mime type (all files but folders when
 * none), for dynamic dropdowns: head `files`, value `id`, label `name`.
 *
 * @example actions: { listSpreadsheets: driveFilesAction('List spreadsheets', DRIVE_MIME.spreadsheet) }
 */
export function driveFilesAction(title: string, mimeType?: string): ActionDef {
  return {
    title,
    description: 'Lists your Drive files of this kind, newest first (the file picker).',
    hidden: true,
    method: 'get',
    url: DRIVE_FILES_URL,
    fields: [
      { name: 'q', title: 'Query', hidden: true, in: 'query', value: driveQuery(mimeType), schema: { type: 'string' } },
      { name: 'pageToken', title: 'Page token', hidden: true, in: 'query', schema: { type: 'string' } },
    ],
    url_params: [
      { key: 'pageSize', value: String(DRIVE_PAGE_SIZE) },
      { key: 'fields', value: DRIVE_LIST_FIELDS },
      { key: 'orderBy', value: 'modifiedTime desc' },
      { key: 'supportsAllDrives', value: 'true' },
      { key: 'includeItemsFromAllDrives', value: 'true' },
      { key: 'corpora', value: 'allDrives' },
    ],
  };
}

/** Tells whether an action is a Drive file listing the picker pages itself. */
export function isDriveFilesAction(action: ActionDef | undefined): boolean {
  return (
    action !== undefined &&
    action.method === 'get' &&
    action.url === DRIVE_FILES_URL &&
    action.fields.some((f) => f.name === 'q') &&
    action.fields.some((f) => f.name === 'pageToken')
  );
}

/** The mime type a picker action filters by (undefined: any file but folders). */
export function driveActionMimeType(action: ActionDef): string | undefined {
  const q = action.fields.find((f) => f.name === 'q')?.value;
  const match = typeof q === 'string' ? /^\(mimeType='([^']+)'/.exec(q) : null;
  return match?.[1];
}

/** One Drive file as the list answers it. */
interface DriveFile {
  id?: unknown;
  name?: unknown;
  mimeType?: unknown;
  shortcutDetails?: { targetId?: unknown; targetMimeType?: unknown };
}

/** What one call of the picker needs: a way to send an action with the user's credential. */
export interface DriveListInput {
  action: ActionDef;
  /** Text the file names must contain (sent to Drive when longer than 1 character). */
  search?: string;
  /** The previous page's `nextPageToken`. */
  pageToken?: string;
  /** Sends an action with the user's credential (the steps service's `run`). */
  run: (action: ActionDef, values: Record<string, unknown>) => Promise<{ ok: boolean; output: unknown }>;
}

/** One page of the picker. */
export type DriveListResult =
  | { ok: true; options: { value: string; label: string }[]; nextPageToken?: string }
  | { ok: false; output: unknown };

/**
 * Lists one page of files for a picker: the list request (search and page token applied),
 * then shortcuts resolved — a shortcut to a file of the picker's kind becomes that file (its
 * id, the shortcut's name); one whose target kind the list did not give is looked up with
 * GET files/{id}; shortcuts to other kinds are left out. Files already listed are not repeated.
 */
export async function listDriveFiles(input: DriveListInput): Promise<DriveListResult> {
  const mimeType = driveActionMimeType(input.action);
  const values: Record<string, unknown> = { q: driveQuery(mimeType, input.search) };
  if (input.pageToken) values.pageToken = input.pageToken;
  const page = await input.run(input.action, values);
  if (!page.ok) return { ok: false, output: page.output };
  const body = (page.output ?? {}) as { files?: unknown; nextPageToken?: unknown };
  const files = Array.isArray(body.files) ? (body.files as DriveFile[]) : [];
  const options: { value: string; label: string }[] = [];
  const seen = new Set<string>();
  const add = (id: unknown, name: unknown) => {
    if (typeof id !== 'string' || id === '' || seen.has(id)) return;
    seen.add(id);
    options.push({ value: id, label: typeof name === 'string' && name !== '' ? name : id });
  };
  const matches = (kind: unknown) => (mimeType ? kind === mimeType : kind !== DRIVE_MIME.folder);
  for (const file of files) {
    if (file.mimeType !== DRIVE_MIME.shortcut) {
      if (matches(file.mimeType)) add(file.id, file.name);
      continue;
    }
    let target = file.shortcutDetails;
    if (typeof target?.targetId !== 'string' || typeof target.targetMimeType !== 'string') {
      target = await resolveShortcut(input, file.id);
    }
    if (target && matches(target.targetMimeType)) add(target.targetId, file.name);
  }
  const next = typeof body.nextPageToken === 'string' && body.nextPageToken !== '' ? body.nextPageToken : undefined;
  return next ? { ok: true, options, nextPageToken: next } : { ok: true, options };
}

/** GET files/{id} of a shortcut: its target's id and kind (undefined when unreadable). */
async function resolveShortcut(
  input: DriveListInput,
  id: unknown,
): Promise<{ targetId?: unknown; targetMimeType?: unknown } | undefined> {
  if (typeof id !== 'string' || id === '') return undefined;
  const action: ActionDef = {
    title: 'Resolve shortcut',
    method: 'get',
    url: `${DRIVE_FILES_URL}/{fileId}`,
    fields: [{ name: 'fileId', title: 'File', in: 'path', required: true, schema: { type: 'string' } }],
    url_params: [
      { key: 'fields', value: 'id,name,mimeType,shortcutDetails(targetId,targetMimeType)' },
      { key: 'supportsAllDrives', value: 'true' },
    ],
  };
  const answer = await input.run(action, { fileId: id });
  if (!answer.ok) return undefined;
  return (answer.output as DriveFile | null)?.shortcutDetails;
}
