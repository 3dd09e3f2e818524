/**
 * One-off: writes every catalogue app of the TypeScript definitions as
 * `src/integrations/catalogue/apps/<slug>.json`, exactly the objects that ran. A value is
 * written on one line when it fits in 120 columns, else one member a line.
 * Run: npx tsx server/scripts/catalogue-to-json.ts
 */
import { writeFileSync } from 'node:fs';
import { CATALOGUE_APPS } from '../src/integrations/catalogue/index.js';

const WIDTH = 120;

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).filter(([, v]) => v !== undefined);
    return members.length === 0 ? '{}' : `{ ${members.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

function print(value: unknown, indent: string, prefix: string): string {
  const flat = inline(value);
  if (indent.length + prefix.length + flat.length + 1 <= WIDTH || value === null || typeof value !== 'object') {
    return flat;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => `${inner}${print(v, inner, '')}`).join(',\n')}\n${indent}]`;
  }
  const members = Object.entries(value).filter(([, v]) => v !== undefined);
  const lines = members.map(([k, v]) => {
    const key = `${JSON.stringify(k)}: `;
    return `${inner}${key}${print(v, inner, key)}`;
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

const dir = new URL('../src/integrations/catalogue/apps/', import.meta.url);
for (const app of CATALOGUE_APPS) {
  const text = print(app, '', '');
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(app)) throw new Error(`${app.appSlug}: round trip differs`);
  writeFileSync(new URL(`${app.appSlug}.json`, dir), `${text}\n`);
}
console.log(CATALOGUE_APPS.map((a) => a.appSlug).join('\n'));
