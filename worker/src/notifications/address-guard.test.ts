import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createOutboundGuard, isBlockedAddress, type Resolve } from './address-guard';
import { PermanentDeliveryError, RetryableDeliveryError } from './delivery-error';
import { assertAccepted, retryAfterMs } from './http-post';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2a00:1450::1'])(
    'allows the public address %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

const lookupWith = (guard: ReturnType<typeof createOutboundGuard>, hostname: string, all: boolean) =>
  new Promise<{ error: Error | null; address: string | LookupAddress[] }>((resolve) =>
    guard.lookup(hostname, { all }, (error, address) => resolve({ error, address })),
  );

describe('createOutboundGuard', () => {
  const resolve: Resolve = async (hostname) =>
    ({
      'public.example': [{ address: '93.184.215.14', family: 4 }],
      'mixed.example': [
        { address: '93.184.215.14', family: 4 },
        { address: 'fd00::5', family: 6 },
      ],
      'metadata.example': [{ address: '169.254.169.254', family: 4 }],
    })[hostname] ?? [];

  it('in production accepts only https URLs whose literal address is public', () => {
    const guard = createOutboundGuard({ production: true, resolve });
    expect(() => guard.checkUrl(new URL('https://hooks.example.com/x'))).not.toThrow();
    expect(() => guard.checkUrl(new URL('https://93.184.215.14/x'))).not.toThrow();
    for (const url of ['http://hooks.example.com/x', 'ftp://hooks.example.com/x']) {
      expect(() => guard.checkUrl(new URL(url))).toThrow(PermanentDeliveryError);
    }
    // Numeric forms normalize to the same literal before the check.
    for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://[0:0:0:0:0:0:0:1]/', 'https://[::ffff:169.254.169.254]/']) {
      expect(() => guard.checkUrl(new URL(url)), url).toThrow(/SSRF guard/);
    }
  });

  it('in production hands the socket only checked addresses, and refuses a name if any of its addresses is private', async () => {
    const guard = createOutboundGuard({ production: true, resolve });
    expect(await lookupWith(guard, 'public.example', true)).toEqual({ error: null, address: [{ address: '93.184.215.14', family: 4 }] });
    expect(await lookupWith(guard, 'public.example', false)).toEqual({ error: null, address: '93.184.215.14' });
    for (const name of ['mixed.example', 'metadata.example']) {
      const { error } = await lookupWith(guard, name, true);
      expect(error).toBeInstanceOf(PermanentDeliveryError);
      expect(error!.message).toMatch(new RegExp(`^refused: ${name} resolves to`));
    }
    expect((await lookupWith(guard, 'nowhere.example', true)).error).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('outside production lets private addresses and plain http through', async () => {
    const guard = createOutboundGuard({ production: false, resolve });
    expect(() => guard.checkUrl(new URL('http://127.0.0.1:8080/'))).not.toThrow();
    expect(await lookupWith(guard, 'metadata.example', false)).toEqual({ error: null, address: '169.254.169.254' });
  });
});

describe('reply classification', () => {
  const reply = (status: number, headers: Record<string, string> = {}, body = '') => ({ status, headers, body });

  it('reads Retry-After as seconds or an HTTP date, and retry_after from a JSON body; caps it at an hour', () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(retryAfterMs(reply(429, { 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterMs(reply(429, { 'retry-after': 'Mon, 02 Mar 2026 10:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(reply(429, {}, '{"ok":false,"parameters":{"retry_after":3}}'), now)).toBe(3000);
    expect(retryAfterMs(reply(429, {}, '{"retry_after":1.5}'), now)).toBe(1500);
    expect(retryAfterMs(reply(429, { 'retry-after': '86400' }), now)).toBe(3600_000);
    expect(retryAfterMs(reply(429, {}, 'slow down'), now)).toBeUndefined();
  });

  it('accepts 2xx; retries 408, 429 and 5xx; everything else is permanent', () => {
    for (const status of [200, 201, 204]) expect(() => assertAccepted(reply(status), 'x')).not.toThrow();
    for (const status of [408, 429, 500, 502, 503]) expect(() => assertAccepted(reply(status), 'x')).toThrow(RetryableDeliveryError);
    for (const status of [301, 302, 400, 401, 403, 404, 410, 422]) expect(() => assertAccepted(reply(status), 'x')).toThrow(PermanentDeliveryError);
  });
});
