/**
 * The repeated-code count's rule for import lists: a row one side of which is only the names of
 * a multi-line import or re-export list is not counted; a row that reaches into code is.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations.
import { importListLines, isImportListRow } from '../../scripts/house/count-duplicates.mjs';

const A = [
  'import {',
  '  Button,',
  '  type TableColumn,',
  '  useToast as toast,',
  "} from '../ui/index.js';",
  'const x = 1;',
  'export type {',
  '  Form,',
  "} from './forms/types.js';",
].join('\n');

describe('the repeated-code count', () => {
  it('finds the lines of multi-line import and re-export lists', () => {
    expect([...importListLines(A)].sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 7, 8, 9]);
  });

  it('leaves out a row whose side is only an import list, and keeps one that reaches into code', () => {
    const read = () => A;
    expect(isImportListRow('D1 a.ts:2-4 ~ b.ts:10-20', read)).toBe(true);
    expect(isImportListRow('D1 a.ts:2-6 ~ b.ts:2-6', read)).toBe(false);
  });

  it('does not take a brace block of code for an import list', () => {
    const code = ['import {', '  a,', '  if (x) {', "} from 'y';"].join('\n');
    expect(importListLines(code).size).toBe(0);
  });
});
