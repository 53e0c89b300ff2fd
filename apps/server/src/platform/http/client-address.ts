// Which proxies in front are trusted, and so which address a request counts against. Each proxy
// appends the address it saw to X-Forwarded-For, so the entries are read from the right: past the
// trusted hops, the first untrusted address is the client (the left part is whatever the client
// wrote). The same rule as Fastify's `trustProxy` (a hop count or a list of proxy addresses),
// which gives `request.ip`; this one serves raw requests (WebSocket handshakes).
import net from 'node:net';

/** false: no proxy; a number: that many proxies in front; a list: the proxies' addresses or CIDR ranges. */
export type TrustProxy = false | number | readonly string[];

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const plain = (address: string) => address.trim().replace(MAPPED_V4, '$1');

/** Whether `entry` is an IP address or a CIDR range (the form TRUST_PROXY's list takes). */
export function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Whether the hop-th address from the right (0: the socket's peer) is a trusted proxy. Fastify
 * takes this as its `trustProxy`, so `request.ip` and `createClientAddress` agree.
 */
export function proxyTrust(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  const list = new net.BlockList();
  for (const entry of trust) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (raw) => {
    const address = plain(raw);
    const family = net.isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The client address of a request that came in from `remote` with this X-Forwarded-For. */
export function createClientAddress(trust: TrustProxy): (remote: string | undefined, forwardedFor: string | string[] | undefined) => string {
  const trusted = proxyTrust(trust);
  return (remote, forwardedFor) => {
    const socket = plain(remote ?? '') || 'unknown';
    if (trust === false) return socket;
    const forwarded = [forwardedFor ?? []].flat().join(',').split(',').map(plain).filter(Boolean).reverse();
    const hops = [socket, ...forwarded];
    for (let hop = 0; hop < hops.length - 1; hop += 1) {
      if (!trusted(hops[hop]!, hop)) return hops[hop]!;
    }
    return hops.at(-1)!;
  };
}
