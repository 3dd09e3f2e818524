// biome-ignore lint/style/noRestrictedImports: a test reads files from disk; the rule guards core's sources.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORTED_WORKFLOW_NAME, NOT_A_WORKFLOW_TEXT, readImport } from './document-import.js';
import { duplicateDocument, duplicateName, exportFileName, toDocument, toExport } from './document-io.js';
import { validateDocument } from './document.js';
import { createStepData, type WorkflowDocument } from './types.js';

const fixtures = new URL('../../../test/fixtures/legacy/', import.meta.url);
const legacyText = (name: string): string => readFileSync(new URL(name, fixtures), 'utf8');

const doc: WorkflowDocument = {
  schemaVersion: 1,
  id: 'wf',
  name: 'CRM sync',
  active: true,
  steps: [
    {
      id: 't',
      kind: 'trigger',
      position: { x: 0, y: 0 },
      data: createStepData({ name: 'Catch Hook in Webhook', type: 'webhook', label: 'Webhook' }),
    },
  ],
  links: [],
};

describe('workflow documents in and out (editor-core 3, 4.4)', () => {
  it('turns a workflow into its stored document', () => {
    const { schemaVersion: _v, ...data } = doc;
    expect(toDocument({ ...data, name: 'X' })).toEqual({ ...doc, name: 'X' });
  });

  it("names a duplicate 'Duplicated: …', OFF", () => {
    expect(duplicateName('CRM sync')).toBe('Duplicated: CRM sync');
    expect(duplicateDocument(doc)).toMatchObject({ name: 'Duplicated: CRM sync', active: false, steps: doc.steps });
  });

  it('exports OFF under a file name from the workflow name, and reads it back', () => {
    const exported = toExport('CRM sync!', doc);
    expect(exported.document.active).toBe(false);
    expect(exportFileName('CRM sync!')).toBe('crm-sync.json');
    expect(exportFileName('***')).toBe('workflow.json');
    expect(readImport(JSON.stringify(exported))).toEqual({
      ok: true,
      name: 'CRM sync!',
      document: { ...doc, name: 'CRM sync!', active: false },
      warnings: [],
    });
    // A bare stored document is accepted too; one without a name gets one.
    expect(readImport(JSON.stringify(doc))).toMatchObject({ ok: true, name: 'CRM sync', document: { active: false } });
    expect(readImport(JSON.stringify({ ...doc, name: '' }))).toMatchObject({ name: IMPORTED_WORKFLOW_NAME });
  });

  it('converts a legacy export as the migration does, and the result is a valid document', () => {
    const read = readImport(legacyText('delay.json'));
    if (!read.ok) throw new Error(read.message);
    expect(read.name).toBe('Follow up after signup');
    expect(read.document.schemaVersion).toBe(1);
    expect(read.document.active).toBe(false);
    expect(validateDocument(read.document).ok).toBe(true);
  });

  it('refuses what validateDocument refuses, with the same errors and JSON paths', () => {
    expect(readImport('{')).toMatchObject({ ok: false, message: 'The file is not JSON.' });
    expect(readImport('{"steps": 1}')).toMatchObject({
      ok: false,
      errors: [{ path: '$', code: 'not-a-workflow' }],
      message: NOT_A_WORKFLOW_TEXT,
    });
    const bad = { ...doc, steps: [{ ...doc.steps[0], kind: 'nope' }] };
    const read = readImport(JSON.stringify(bad));
    const validated = validateDocument(bad);
    expect(read.ok || validated.ok).toBe(false);
    if (!read.ok && !validated.ok) {
      expect(read.errors).toEqual(validated.errors);
      expect(read.message).toBe(`${validated.errors[0].message} (${validated.errors[0].path})`);
    }
    expect(readImport(legacyText('broken-two-triggers.json')).ok).toBe(false);
    expect(readImport(JSON.stringify({ ...doc, schemaVersion: 2 }))).toMatchObject({
      ok: false,
      errors: [{ code: 'schema-version' }],
    });
  });
});
