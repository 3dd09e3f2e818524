/**
 * The SSRF guard: which addresses an outgoing request may reach, the allowlist that lifts
 * the rule for named hosts, and a DNS lookup that refuses blocked answers.
 * The HTTP client plugs `createGuardedLookup` into the socket it connects, so the address
 * checked is the address connected to (no time-of-check/time-of-use gap).
 */

import type { LookupAddress, LookupOptions } from 'node:dns';
import dns from 'node:dns';
import net from 'node:net';
import type { TLSSocket } from 'node:tls';
import ipaddr from 'ipaddr.js';
import type { buildConnector } from 'undici';

/** The environment variable that lists hosts the guard lets through (comma-separated host[:port]). */
export const ALLOWED_HOSTS_ENV = 'JUNCTION_ALLOWED_HOSTS';

/** What the guard decided about one IP address. */
export interface AddressVerdict {
  /** True when a request must not reach the address. */
  isBlocked: boolean;
  /** ipaddr.js's range name: 'unicast' for a public address, else 'loopback', 'private', 'linkLocal'… */
  range: string;
}

/**
 * Classifies an IP address (IPv4, IPv6, IPv4-mapped IPv6): only public unicast addresses are
 * allowed; private, loopback, link-local (cloud metadata 169.254.169.254), CGNAT, multicast,
 * unspecified, reserved, and IPv6 ranges that embed an IPv4 address (NAT64, 6to4, Teredo) are
 * blocked; an IPv4-compatible address (`::7f00:1`) is classified by the IPv4 address it embeds.
 * Text that is not an IP address is blocked too.
 *
 * @example classifyAddress('::ffff:127.0.0.1') // { isBlocked: true, range: 'loopback' }
 */
export function classifyAddress(address: string): AddressVerdict {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Zone ids (fe80::1%eth0) are not part of the address ipaddr.js parses.
  const bare = text.includes('%') ? text.slice(0, text.indexOf('%')) : text;
  if (net.isIP(bare) === 0) return { isBlocked: true, range: 'invalid' };
  // process() turns ::ffff:a.b.c.d into the IPv4 address it carries, so its range applies.
  const parsed = ipaddr.process(bare);
  const range = (embeddedIPv4(parsed) ?? parsed).range();
  // Allow-listing the one public range is safer than deny-listing the many special ones.
  return { isBlocked: range !== 'unicast', range };
}

/**
 * The IPv4 address inside an IPv4-compatible IPv6 address (`::a.b.c.d`, `::7f00:1`; the
 * deprecated ::/96 form some stacks still route to the IPv4 host), else undefined. `::` and
 * `::1` keep their own IPv6 ranges.
 */
function embeddedIPv4(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.kind() !== 'ipv6') return undefined;
  const parts = (address as ipaddr.IPv6).parts;
  if (parts.slice(0, 6).some((part) => part !== 0)) return undefined;
  if (parts[6] === 0 && parts[7] <= 1) return undefined;
  return new ipaddr.IPv4([parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff]);
}

/** Tells whether an IP address must not be reached; see {@link classifyAddress}. */
export function isBlockedAddress(address: string): boolean {
  return classifyAddress(address).isBlocked;
}

/** One allowlist entry: a host (name or IP, as URL parsing writes it) and an optional port. */
export interface AllowedHost {
  host: string;
  /** Undefined means any port. */
  port?: number;
}

/**
 * Parses `JUNCTION_ALLOWED_HOSTS`: comma-separated `host[:port]` entries, IPv6 in brackets.
 * Hosts are normalised the way URLs are (lower case, `2130706433` → `127.0.0.1`), so an entry
 * matches however a request writes the host. Blank and unparsable entries are skipped.
 *
 * @example parseAllowedHosts('127.0.0.1:4000, api.internal') // [{ host: '127.0.0.1', port: 4000 }, { host: 'api.internal' }]
 */
export function parseAllowedHosts(text: string | undefined): AllowedHost[] {
  const entries: AllowedHost[] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      continue;
    }
    if (url.pathname !== '/' || url.search !== '' || url.username !== '') continue;
    const hasPort = /:\d+$/.test(entry);
    entries.push(
      hasPort ? { host: url.hostname, port: Number(entry.slice(entry.lastIndexOf(':') + 1)) } : { host: url.hostname },
    );
  }
  return entries;
}

/**
 * Tells whether a request to `host:port` is allowlisted. `host` is a URL hostname
 * (IPv6 with or without brackets); the port is the effective one (80/443 when the URL has none).
 */
export function isAllowedHost(allowlist: readonly AllowedHost[], host: string, port: number): boolean {
  const name = host.toLowerCase();
  const bracketed = net.isIPv6(name) ? `[${name}]` : name;
  return allowlist.some(
    (entry) => (entry.host === name || entry.host === bracketed) && (entry.port === undefined || entry.port === port),
  );
}

/** The error a refused address produces; the HTTP client maps it to its `blocked` code. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_JUNCTION_BLOCKED_ADDRESS';
  readonly address: string;
  readonly range: string;

  constructor(host: string, address: string, range: string) {
    super(
      host === address
        ? `Requests to ${address} (${range}) are not allowed.`
        : `Requests to ${host} are not allowed: it resolves to ${address} (${range}).`,
    );
    this.name = 'BlockedAddressError';
    this.address = address;
    this.range = range;
  }
}

/** Resolves a host name to its addresses; tests inject one to simulate DNS answers. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

/** The default resolver: the system's `dns.lookup`, every address. */
export const resolveWithSystem: ResolveHost = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Makes a `lookup` for `net.connect`/`tls.connect` that resolves a name, drops blocked
 * addresses and fails with {@link BlockedAddressError} when none is left. A mixed answer
 * (one public, one private address) connects only to the public one. Handles both call
 * forms Node uses (`all: true` with happy eyeballs, a single address otherwise).
 */
export function createGuardedLookup(resolve: ResolveHost = resolveWithSystem) {
  return (hostname: string, options: LookupOptions | number, callback: LookupCallback): void => {
    const opts: LookupOptions = typeof options === 'number' ? { family: options } : (options ?? {});
    resolve(hostname).then(
      (answers) => {
        const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : opts.family;
        const wanted = family === 4 || family === 6 ? answers.filter((a) => a.family === family) : answers;
        const safe = wanted.filter((a) => !isBlockedAddress(a.address));
        if (safe.length === 0) {
          const first = wanted[0] ?? answers[0];
          const error = first
            ? new BlockedAddressError(hostname, first.address, classifyAddress(first.address).range)
            : Object.assign(new Error(`No address found for ${hostname}.`), { code: 'ENOTFOUND' });
          callback(error as NodeJS.ErrnoException, '');
          return;
        }
        if (opts.all) callback(null, safe);
        else callback(null, safe[0].address, safe[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * The undici connector: an allowlisted host connects plainly; an IP literal is checked before
 * connecting; a name is resolved by the guarded lookup inside `net.connect`, so the checked
 * address is the one connected to. The connected socket's remote address is checked once
 * more before undici may write to it.
 */
export function createGuardedConnector(
  build: typeof buildConnector,
  allowlist: readonly AllowedHost[],
  resolveHost: ResolveHost | undefined,
  timeoutMs: number,
) {
  const plain = build({ timeout: timeoutMs });
  const guarded = build({
    timeout: timeoutMs,
    lookup: createGuardedLookup(resolveHost),
  } as buildConnector.BuildOptions);
  return (opts: buildConnector.Options, callback: buildConnector.Callback): void => {
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    if (isAllowedHost(allowlist, opts.hostname, port)) {
      plain(opts, callback);
      return;
    }
    if (net.isIP(opts.hostname) !== 0) {
      const verdict = classifyAddress(opts.hostname);
      if (verdict.isBlocked) {
        callback(new BlockedAddressError(opts.hostname, opts.hostname, verdict.range), null);
        return;
      }
    }
    guarded(opts, (error, socket) => {
      if (error || !socket) {
        callback(error ?? new Error('No socket.'), null);
        return;
      }
      const remote = (socket as TLSSocket).remoteAddress;
      const verdict = remote ? classifyAddress(remote) : { isBlocked: true, range: 'unknown' };
      if (verdict.isBlocked) {
        socket.destroy();
        callback(new BlockedAddressError(opts.hostname, remote ?? 'unknown', verdict.range), null);
        return;
      }
      callback(null, socket);
    });
  };
}
