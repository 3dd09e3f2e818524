/**
 * Chromium CPU profiles for the editor benchmark (editor.ts `--profile`): starts and stops
 * the profiler over CDP around a moment, and sums a profile's self time by where the code came
 * from, through the production build's source maps (a package, or a file of web/ or core/):
 * chunk names say little, since Rolldown mixes packages in one chunk.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The parts of a `.cpuprofile` read here (Chromium's Profiler.Profile). */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Runs `moment` with Chromium's sampling profiler on (100 µs) and returns the profile. */
export async function profileMoment<T>(
  page: Page,
  moment: () => Promise<T>,
): Promise<{ result: T; profile: CpuProfile }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const result = await moment();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.detach();
  return { result, profile };
}

/** Where a source path of a map comes from: `npm:<package>`, or its path from web/ or core/. */
function origin(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return `npm:${pkg[1]}`;
  const own = /((?:web|core)\/src\/.*)$/.exec(source);
  return own ? own[1] : source;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's segments per generated line: [generated column, source index], in order. */
type LineSegments = [number, number][][];

/** Decodes the `mappings` of a source map (base64 VLQ) as far as the source of each segment. */
function decodeMappings(mappings: string): LineSegments {
  const lines: LineSegments = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) {
        source += fields[1] ?? 0;
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** A built script's map: the source of a generated position (0-based line and column). */
interface ScriptMap {
  sources: string[];
  lines: LineSegments;
}

function sourceAt(map: ScriptMap, line: number, column: number): string | undefined {
  const segments = map.lines[line] ?? [];
  let found: [number, number] | undefined;
  for (const segment of segments) {
    if (segment[0] > column) break;
    found = segment;
  }
  return found ? map.sources[found[1]] : undefined;
}

/**
 * Self time of `profile` in ms by origin, largest first; samples outside the build's scripts
 * are kept under the profiler's own names ('(program)', '(garbage collector)', …).
 */
export function selfTimeByOrigin(profile: CpuProfile, dist: string): { origin: string; ms: number }[] {
  const maps = new Map<string, ScriptMap | null>();
  const mapOf = (url: string): ScriptMap | null => {
    if (!maps.has(url)) {
      const mapFile = `${path.join(dist, new URL(url).pathname)}.map`;
      if (!existsSync(mapFile)) maps.set(url, null);
      else {
        const raw = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
        maps.set(url, { sources: raw.sources, lines: decodeMappings(raw.mappings) });
      }
    }
    return maps.get(url) ?? null;
  };
  const nodeOrigin = new Map<number, string>();
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    let where = functionName.startsWith('(') ? functionName : url ? new URL(url).pathname : '(native)';
    if (url.includes('/assets/')) {
      const map = mapOf(url);
      const source = map ? sourceAt(map, lineNumber, columnNumber) : undefined;
      if (source) where = origin(source);
    }
    nodeOrigin.set(node.id, where);
  }
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const where = nodeOrigin.get(id) ?? '?';
    totals.set(where, (totals.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].map(([where, ms]) => ({ origin: where, ms })).sort((a, b) => b.ms - a.ms);
}
