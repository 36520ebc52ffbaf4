import { describe, expect, it } from 'vitest';
import { checkPublicUrl } from './public-url';

const strict = { allowLoopback: false };
const loopback = { allowLoopback: true };

describe('checkPublicUrl', () => {
  it.each([
    ['http://10.0.0.1/', 'This address is not public: 10.0.0.1'],
    ['https://192.168.1.20:8443/shop', 'This address is not public: 192.168.1.20'],
    ['http://169.254.169.254/latest/meta-data/', 'This address is not public: 169.254.169.254'],
    ['http://100.64.0.1/', 'This address is not public: 100.64.0.1'],
    ['http://127.0.0.1/', 'This address is not public: 127.0.0.1'],
    // Other spellings of 127.0.0.1, which the URL parser writes as such.
    ['http://2130706433/', 'This address is not public: 127.0.0.1'],
    ['http://0x7f.1/', 'This address is not public: 127.0.0.1'],
    ['http://[::1]/', 'This address is not public: ::1'],
    ['http://[fc00::1]/', 'This address is not public: fc00::1'],
    ['http://[fe80::1]/', 'This address is not public: fe80::1'],
    ['http://[::]/', 'This address is not public: ::'],
    ['http://[::ffff:10.0.0.1]/', 'This address is not public: ::ffff:a00:1 (10.0.0.1)'],
    ['http://[::ffff:127.0.0.1]/', 'This address is not public: ::ffff:7f00:1 (127.0.0.1)'],
    [
      'http://[::ffff:169.254.169.254]/',
      'This address is not public: ::ffff:a9fe:a9fe (169.254.169.254)',
    ],
    ['http://[::127.0.0.1]/', 'This address is not public: ::7f00:1'],
    ['http://[64:ff9b::a00:1]/', 'This address is not public: 64:ff9b::a00:1'],
    ['http://[2002:a00:1::]/', 'This address is not public: 2002:a00:1::'],
  ])('refuses %s', async (url, message) => {
    expect(await checkPublicUrl(url, strict)).toBe(message);
  });

  it('refuses a name that resolves to a non-public address', async () => {
    expect(await checkPublicUrl('http://localhost:8080/', strict)).toBe(
      'This address is not public: localhost resolves to 127.0.0.1',
    );
    expect(await checkPublicUrl(new URL('https://LOCALHOST/'), strict)).toBe(
      'This address is not public: localhost resolves to 127.0.0.1',
    );
  });

  it('says when a name does not resolve (.invalid never does)', async () => {
    expect(await checkPublicUrl('https://nosuch.invalid/', strict)).toBe(
      'This address does not resolve: nosuch.invalid',
    );
  });

  it('accepts public addresses in every form', async () => {
    expect(await checkPublicUrl('https://8.8.8.8/', strict)).toBeNull();
    expect(await checkPublicUrl('https://[2606:4700:4700::1111]/', strict)).toBeNull();
    expect(await checkPublicUrl('http://[::ffff:8.8.8.8]/', strict)).toBeNull();
  });

  it('accepts loopback, and loopback only, with the test-only switch', async () => {
    expect(await checkPublicUrl('http://127.0.0.1:4000/', loopback)).toBeNull();
    expect(await checkPublicUrl('http://[::1]:4000/', loopback)).toBeNull();
    expect(await checkPublicUrl('http://[::ffff:127.0.0.1]/', loopback)).toBeNull();
    expect(await checkPublicUrl('http://localhost:4000/', loopback)).toBeNull();
    expect(await checkPublicUrl('http://10.0.0.1/', loopback)).toBe(
      'This address is not public: 10.0.0.1',
    );
    expect(await checkPublicUrl('http://[::ffff:192.168.0.1]/', loopback)).toBe(
      'This address is not public: ::ffff:c0a8:1 (192.168.0.1)',
    );
  });

  it('refuses what is not an http(s) address', async () => {
    expect(await checkPublicUrl('not a url', strict)).toBe('This is not a web address');
    expect(await checkPublicUrl('ftp://example.com/', strict)).toBe(
      'The address must start with http:// or https://',
    );
  });
});
