/**
 * Execution ids: RFC 9562 UUIDv7 (48-bit Unix milliseconds, then 74 random bits). Ids that grow
 * with time keep the executions and step records keys appending at the right edge of their
 * B-trees: a burst of new executions dirties a few index pages per commit, where random v4 ids
 * dirtied one page per execution (measured in BENCHMARKS.md, Engine). Still unguessable for
 * practical purposes; access is by tenant, never by knowing an id.
 */
import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const POOL_SIZE = 10 * 256;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

/** A new time-ordered UUID (version 7). */
export function newExecutionId(now = Date.now()): string {
  if (offset + 10 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const r = pool;
  const o = offset;
  offset += 10;
  const ms = now.toString(16).padStart(12, '0').slice(-12);
  return (
    `${ms.slice(0, 8)}-${ms.slice(8, 12)}-` +
    `7${HEX[r[o] as number].slice(1)}${HEX[r[o + 1] as number]}-` +
    `${HEX[((r[o + 2] as number) & 0x3f) | 0x80]}${HEX[r[o + 3] as number]}-` +
    `${HEX[r[o + 4] as number]}${HEX[r[o + 5] as number]}${HEX[r[o + 6] as number]}` +
    `${HEX[r[o + 7] as number]}${HEX[r[o + 8] as number]}${HEX[r[o + 9] as number]}`
  );
}
