/**
 * Comments and test titles cite the spec section a rule implements ("editor-core 4.8") or state
 * the rule; they never cite an issue-tracker number, which a reader of the code cannot resolve.
 * This test reads every source and documentation file of the packages and lists each line that
 * does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGES = ['core', 'server', 'web', 'scripts', 'api-spec', 'test'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.js', '.md', '.yaml', '.yml']);
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'screenshots', '.vite']);
const CITATION = /\bissues? ?#?\d+/i;

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) {
        sourceFiles(path.join(dir, entry.name), found);
      }
    } else if (EXTENSIONS.has(path.extname(entry.name))) {
      found.push(path.join(dir, entry.name));
    }
  }
  return found;
}

/** Every `file:line: text` of the packages whose text cites an issue number. */
function issueCitations(): string[] {
  const hits: string[] = [];
  for (const pkg of PACKAGES) {
    for (const file of sourceFiles(path.join(ROOT, pkg))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (CITATION.test(line)) hits.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  return hits;
}

describe('source comments', () => {
  it('cite spec sections or state the rule, never an issue number', () => {
    expect(issueCitations()).toEqual([]);
  });

  it('finds the files it checks', () => {
    expect(sourceFiles(path.join(ROOT, 'core')).length).toBeGreaterThan(10);
  });
});
