import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a model vendor may not resolve to when ATRIUM_ALLOW_PRIVATE_MODEL_URLS is false: this host and
 * the networks around it, where a provider's base_url could reach internal services or a cloud metadata
 * endpoint. IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) match the IPv4 rules.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, used inside cloud networks
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refusal = (host: string, address: string) =>
  `${host === address ? host : `${host} resolves to ${address}, which`} is a loopback, private or link-local address`;

/** A base URL refused because its host is, or resolves to, a private address. */
export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(refusal(host, address));
    this.name = 'PrivateAddressError';
  }
}

/**
 * Resolves the URL's host (every address it has: a name may have a public and a private one) and throws
 * PrivateAddressError for the first private one. Lookup failures are thrown as they are (ENOTFOUND…).
 */
export async function assertPublicHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const found = addresses.find(isPrivateAddress);
  if (found !== undefined) throw new PrivateAddressError(host, found);
}
