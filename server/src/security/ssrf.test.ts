import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  classifyAddress,
  createGuardedLookup,
  isAllowedHost,
  isBlockedAddress,
  parseAllowedHosts,
} from './ssrf.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    // IPv4-compatible IPv6 (::/96) is classified by the IPv4 address it embeds.
    ['::7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['::169.254.169.254', 'linkLocal'],
    ['[::7f00:1]', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['2002:7f00:1::', '6to4'],
    ['[::1]', 'loopback'],
    ['not an ip', 'invalid'],
  ])('blocks %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toEqual({ isBlocked: true, range });
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe('allowlist', () => {
  it('parses host[:port] entries and normalises hosts the way URLs do', () => {
    expect(parseAllowedHosts(' 127.0.0.1:4000, API.internal ,, [::1]:80, 2130706433, http://x/y, bad host')).toEqual([
      { host: '127.0.0.1', port: 4000 },
      { host: 'api.internal' },
      { host: '[::1]', port: 80 },
      { host: '127.0.0.1' },
    ]);
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });

  it('matches host and port; an entry without a port matches every port', () => {
    const list = parseAllowedHosts('127.0.0.1:4000,api.internal,[::1]');
    expect(isAllowedHost(list, '127.0.0.1', 4000)).toBe(true);
    expect(isAllowedHost(list, '127.0.0.1', 4001)).toBe(false);
    expect(isAllowedHost(list, 'API.internal', 443)).toBe(true);
    expect(isAllowedHost(list, '::1', 8080)).toBe(true);
    expect(isAllowedHost(list, '[::1]', 8080)).toBe(true);
    expect(isAllowedHost(list, 'other.internal', 443)).toBe(false);
  });
});

describe('createGuardedLookup', () => {
  const lookupWith = (answers: LookupAddress[], all: boolean) =>
    new Promise<{ error: Error | null; result: unknown }>((resolve) => {
      createGuardedLookup(async () => answers)('mixed.example', { all }, (error, address) =>
        resolve({ error, result: address }),
      );
    });

  it('keeps only public addresses of a mixed answer', async () => {
    const answers = [
      { address: '127.0.0.1', family: 4 },
      { address: '93.184.215.14', family: 4 },
    ];
    expect(await lookupWith(answers, true)).toEqual({ error: null, result: [{ address: '93.184.215.14', family: 4 }] });
    expect(await lookupWith(answers, false)).toEqual({ error: null, result: '93.184.215.14' });
  });

  it('fails with BlockedAddressError when every address is blocked', async () => {
    const { error } = await lookupWith([{ address: '169.254.169.254', family: 4 }], true);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error?.message).toBe(
      'Requests to mixed.example are not allowed: it resolves to 169.254.169.254 (linkLocal).',
    );
  });
});
