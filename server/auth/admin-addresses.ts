import net from 'node:net';
import { plainAddress } from '../lib/ip-address';

/**
 * ADMIN_ALLOWED_IPS (issue 12): the addresses and CIDR ranges the console's calls may come from.
 * Node's BlockList does the matching; it is only ever used as an allow list here.
 */
export interface AdminAddresses {
  /** The entries as listed. */
  entries: readonly string[];
  allows(address: string): boolean;
}

/** One entry: an IPv4 or IPv6 address, with an optional prefix length; null when it is neither. */
export function parseAddressEntry(entry: string): { address: string; bits: number | undefined; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', bits, ...rest] = entry.trim().split('/');
  const version = net.isIP(address);
  if (!version || rest.length > 0) return null;
  const maxBits = version === 6 ? 128 : 32;
  if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits)) return null;
  return { address, bits: bits === undefined ? undefined : Number(bits), family: version === 6 ? 'ipv6' : 'ipv4' };
}

/** The allow list (server/config.ts makes it once, at start-up, and a bad entry stops the start). */
export function compileAdminAddresses(entries: readonly string[]): AdminAddresses {
  const list = new net.BlockList();
  for (const entry of entries) {
    const parsed = parseAddressEntry(entry);
    if (!parsed) throw new Error(`not an address or CIDR range: "${entry}"`);
    if (parsed.bits === undefined) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.bits, parsed.family);
  }
  return {
    entries: [...entries],
    allows(address: string): boolean {
      const plain = plainAddress(address);
      return plain !== null && list.check(plain.address, plain.family);
    },
  };
}
