import { describe, expect, it } from 'vitest';
import { compileAdminAddresses, parseAddressEntry } from './admin-addresses';

describe('ADMIN_ALLOWED_IPS entries', () => {
  it('reads IPv4 and IPv6 addresses and CIDR ranges', () => {
    expect(parseAddressEntry('203.0.113.7')).toEqual({ address: '203.0.113.7', bits: undefined, family: 'ipv4' });
    expect(parseAddressEntry(' 10.0.0.0/8 ')).toEqual({ address: '10.0.0.0', bits: 8, family: 'ipv4' });
    expect(parseAddressEntry('2001:db8::/32')).toEqual({ address: '2001:db8::', bits: 32, family: 'ipv6' });
    expect(parseAddressEntry('::1')).toEqual({ address: '::1', bits: undefined, family: 'ipv6' });
    expect(parseAddressEntry('fe80::1/128')).toEqual({ address: 'fe80::1', bits: 128, family: 'ipv6' });
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'localhost', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/8/1', '10.0.0.256', '10.0.0.0/', '10.0.0.0/-1', '1.2.3.4/08x']) {
      expect(parseAddressEntry(bad), bad).toBeNull();
    }
  });
});

describe('the allow list', () => {
  const list = compileAdminAddresses(['203.0.113.0/24', '198.51.100.20', '2001:db8:7::/48', '::1']);

  it('admits addresses inside a range or equal to a listed one', () => {
    for (const ok of ['203.0.113.0', '203.0.113.255', '198.51.100.20', '2001:db8:7::', '2001:db8:7:ffff:ffff:ffff:ffff:ffff', '::1', '2001:DB8:7::abcd']) {
      expect(list.allows(ok), ok).toBe(true);
    }
  });

  it('matches an IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) as IPv4', () => {
    expect(list.allows('::ffff:203.0.113.9')).toBe(true);
    expect(list.allows('::ffff:192.0.2.1')).toBe(false);
  });

  it('refuses everything else, and what is no address at all', () => {
    for (const no of ['203.0.114.0', '198.51.100.21', '2001:db8:8::', '::2', '127.0.0.1', 'unknown', '']) {
      expect(list.allows(no), no).toBe(false);
    }
  });
});
