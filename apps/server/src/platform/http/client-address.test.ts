import { describe, expect, it } from 'vitest';
import { createClientAddress, isProxyAddress } from './client-address';

describe('createClientAddress', () => {
  it('takes the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(createClientAddress(false)('::ffff:10.0.0.7', '1.2.3.4')).toBe('10.0.0.7');
  });

  it('with one hop, takes the address the proxy saw (the last entry), not one the client wrote', () => {
    const address = createClientAddress(1);
    expect(address('10.0.0.2', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(address('10.0.0.2', ['6.6.6.6', '203.0.113.9'])).toBe('203.0.113.9');
    expect(address('10.0.0.2', undefined)).toBe('10.0.0.2');
  });

  it('with two hops, skips both proxies', () => {
    expect(createClientAddress(2)('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.3')).toBe('203.0.113.9');
  });

  it('with a list, trusts only those addresses and ranges', () => {
    const address = createClientAddress(['10.0.0.0/8', '::1']);
    expect(address('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    expect(address('::1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // A client that reaches the app directly is not a proxy: its own header counts for nothing.
    expect(address('203.0.113.50', '6.6.6.6')).toBe('203.0.113.50');
    // All trusted: the leftmost is all there is.
    expect(address('10.0.0.2', '10.0.0.9')).toBe('10.0.0.9');
  });
});

describe('isProxyAddress', () => {
  it('takes addresses and CIDR ranges, nothing else', () => {
    expect(['10.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'].map(isProxyAddress)).toEqual([true, true, true, true]);
    expect(['true', '10.0.0.0/33', '10.0.0/8', 'proxy.local', '10.0.0.0/8/1', ''].map(isProxyAddress)).toEqual([false, false, false, false, false, false]);
  });
});
