import net from 'node:net';

/**
 * A socket on `::` reports IPv4 clients as `::ffff:a.b.c.d`; they are taken as the IPv4 address
 * they are (ADMIN_ALLOWED_IPS matches them against IPv4 ranges, rate limits count them as one).
 * Null when `address` is no IP address.
 */
export function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && net.isIPv4(mapped[1]!)) return { address: mapped[1]!, family: 'ipv4' };
  const version = net.isIP(address);
  return version === 0 ? null : { address, family: version === 6 ? 'ipv6' : 'ipv4' };
}
