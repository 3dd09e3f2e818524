#!/usr/bin/env node
/**
 * Writes the catalogue apps' icons into server/src/integrations/icons/{appSlug}.svg,
 * served at /icons/{appSlug}.svg. Brand marks come from the `simple-icons` package (CC0), drawn
 * white on a rounded tile of the brand colour; an app simple-icons does not cover gets a
 * lettered tile.
 *
 *   node server/scripts/catalogue-icons.mjs slack=letters:S:4A154B:Slack google-sheets=googlesheets
 *
 * Each argument is `appSlug=simpleIconsSlug` or `appSlug=letters:TEXT:RRGGBB:Label`. The files are
 * committed; run again only to add or change an icon.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ICON_DIR = fileURLToPath(new URL('../src/integrations/icons/', import.meta.url));
const SLUG = /^[a-z0-9][a-z0-9_-]*$/;
const HEX = /^[0-9A-Fa-f]{6}$/;

const escapeXml = (text) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

/** A simple-icons mark (24×24 path) scaled into a 48×48 tile of the brand colour. */
function brandIcon(iconSlug) {
  const dataFile = require.resolve('simple-icons/icons.json');
  const entries = JSON.parse(readFileSync(dataFile, 'utf8'));
  const entry = entries.find((e) => e.slug === iconSlug);
  const svg = readFileSync(require.resolve(`simple-icons/icons/${iconSlug}.svg`), 'utf8');
  const path = /<path d="([^"]+)"/.exec(svg)?.[1];
  if (!entry || !path) throw new Error(`simple-icons has no usable icon '${iconSlug}'.`);
  const title = entry.title;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img" aria-label="${escapeXml(title)}">`,
    `  <rect width="48" height="48" rx="10" fill="#${entry.hex}"/>`,
    `  <path transform="translate(10 10) scale(1.1667)" fill="#fff" d="${path}"/>`,
    '</svg>',
    '',
  ].join('\n');
}

/** A lettered tile for an app simple-icons does not cover. */
function letterIcon(label, letters, hex) {
  if (!HEX.test(hex)) throw new Error(`'${hex}' is not a RRGGBB colour.`);
  const size = letters.length > 1 ? 18 : 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img" aria-label="${escapeXml(label)}">`,
    `  <rect width="48" height="48" rx="10" fill="#${hex}"/>`,
    `  <text x="24" y="24" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(letters)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: catalogue-icons.mjs appSlug=simpleIconsSlug | appSlug=letters:TEXT:RRGGBB:Label …');
  process.exit(2);
}
for (const arg of args) {
  const [appSlug, source] = arg.split('=');
  if (!SLUG.test(appSlug ?? '') || !source) throw new Error(`Bad argument '${arg}'.`);
  let svg;
  if (source.startsWith('letters:')) {
    const [, letters, hex, label] = source.split(':');
    svg = letterIcon(label || appSlug, letters, hex);
  } else svg = brandIcon(source);
  writeFileSync(`${ICON_DIR}${appSlug}.svg`, svg);
  console.log(`wrote icons/${appSlug}.svg`);
}
