import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  isLoopbackAddress,
  isPublicAddress,
  nextAttemptDelaySeconds,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
} from './webhook-url';

const production = { allowLocalhostHttp: false };
const development = { allowLocalhostHttp: true };

const refusal = (raw: string, options = production) => {
  const checked = checkWebhookUrl(raw, options);
  return checked.ok ? `accepted as ${checked.url.href}` : checked.message;
};
const accepted = (raw: string, options = production) => {
  const checked = checkWebhookUrl(raw, options);
  return checked.ok ? checked.url.href : `refused: ${checked.message}`;
};

describe('checkWebhookUrl', () => {
  it('accepts https URLs to public hosts, as URL writes them', () => {
    expect(accepted('https://hooks.example.com/signingdesk')).toBe('https://hooks.example.com/signingdesk');
    expect(accepted('  https://Hooks.Example.com:8443/in?firm=12  ')).toBe('https://hooks.example.com:8443/in?firm=12');
    expect(accepted('https://example.com')).toBe('https://example.com/');
    expect(accepted('https://8.8.8.8/hook')).toBe('https://8.8.8.8/hook');
    expect(accepted('https://[2606:4700::1111]/hook')).toBe('https://[2606:4700::1111]/hook');
  });

  it('takes http to this machine only with the development setting', () => {
    expect(accepted('http://localhost:3000/hook', development)).toBe('http://localhost:3000/hook');
    expect(accepted('http://127.0.0.1:8080/', development)).toBe('http://127.0.0.1:8080/');
    expect(accepted('http://[::1]:8080/', development)).toBe('http://[::1]:8080/');
    expect(accepted('https://localhost:8443/', development)).toBe('https://localhost:8443/');
    expect(refusal('http://localhost:3000/hook')).toBe('Endpoint URL must start with https://.');
    expect(refusal('http://127.0.0.1:8080/')).toBe('Endpoint URL must start with https://.');
    expect(refusal('http://hooks.example.com/', development)).toBe(
      'Endpoint URL must start with https:// (http:// only for localhost or 127.0.0.1 on this development server).',
    );
    expect(refusal('https://10.0.0.1/', development)).toBe('Endpoint URL must not point to a private or local network address.');
    expect(refusal('https://app.localhost/', development)).toBe('Endpoint URL must not point to a private or local network address.');
  });

  it('refuses what is not a full https address, saying what to type', () => {
    const notAUrl = 'Endpoint URL must be a full address starting with https://, e.g. https://example.com/webhooks.';
    expect(refusal('')).toBe(notAUrl);
    expect(refusal('hooks.example.com/signingdesk')).toBe(notAUrl);
    expect(refusal('https://')).toBe(notAUrl);
    expect(refusal('https://exa mple.com/')).toBe(notAUrl);
    expect(refusal('http://hooks.example.com/')).toBe('Endpoint URL must start with https://.');
    expect(refusal('ftp://hooks.example.com/')).toBe('Endpoint URL must start with https://.');
    expect(refusal('javascript:alert(1)')).toBe('Endpoint URL must start with https://.');
  });

  it('refuses credentials, fragments and more than 2,000 characters', () => {
    expect(refusal('https://user:secret@hooks.example.com/')).toBe('Endpoint URL must not contain a user name or password.');
    expect(refusal('https://user@hooks.example.com/')).toBe('Endpoint URL must not contain a user name or password.');
    expect(refusal('https://hooks.example.com/in#part')).toBe('Endpoint URL must not contain a # fragment.');
    expect(refusal('https://hooks.example.com/in#')).toBe('Endpoint URL must not contain a # fragment.');
    const base = 'https://hooks.example.com/';
    expect(accepted(base + 'a'.repeat(2_000 - base.length))).toHaveLength(2_000);
    expect(refusal(base + 'a'.repeat(2_001 - base.length))).toBe('Endpoint URL must be at most 2,000 characters.');
  });

  it('refuses private and local addresses, however they are written', () => {
    for (const raw of [
      'https://10.0.0.1/',
      'https://127.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
      'https://[fc00::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://localhost/',
      'https://localhost./',
      'https://app.localhost/',
      // URL reads these as 127.0.0.1 (hexadecimal, a single number, octal, shortened).
      'https://0x7f.1/',
      'https://2130706433/',
      'https://017700000001/',
      'https://127.1/',
      'https://127.0.0.%31/',
    ]) {
      expect(refusal(raw), raw).toBe('Endpoint URL must not point to a private or local network address.');
    }
  });
});

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast and reserved IPv4', () => {
    for (const ip of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('refuses loopback, unique-local, link-local, multicast and special IPv6, and IPv4 carried in IPv6', () => {
    for (const ip of [
      '::1',
      '::',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '2001:db8::1',
      '2001::1',
      '2002:a00:1::1',
      '3fff::1',
      '100::1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('accepts public addresses in every form an address is written', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '2606:4700:0:0:0:0:0:1111',
      '2606:4700::ABCD',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '64:ff9b::808:808',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });

  it('fails closed on anything that does not read as one address', () => {
    for (const text of [
      '',
      'example.com',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.256',
      '[::1]',
      'fe80::1%eth0',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '2606:4700::1111:',
    ]) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });
});

describe('isLoopbackAddress', () => {
  it('is 127.0.0.0/8 and ::1, also IPv4-mapped', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '0.0.0.0', '::', '::2', '8.8.8.8'].map(isLoopbackAddress)).toEqual([false, false, false, false, false]);
  });
});

describe('retry schedule', () => {
  it('spans more than three days: the last attempt 75 h 35 min 5 s after the event', () => {
    const total = WEBHOOK_RETRY_SCHEDULE_SECONDS.reduce((sum, seconds) => sum + seconds, 0);
    expect(total).toBeGreaterThanOrEqual(72 * 3600);
    expect(total).toBe(75 * 3600 + 35 * 60 + 5);
  });

  it('sends at once, then waits longer each time, and stops after the last attempt', () => {
    expect(nextAttemptDelaySeconds(0)).toBe(0);
    expect(nextAttemptDelaySeconds(1)).toBe(5);
    expect(nextAttemptDelaySeconds(2)).toBe(300);
    expect(nextAttemptDelaySeconds(9)).toBe(24 * 3600);
    expect(nextAttemptDelaySeconds(WEBHOOK_RETRY_SCHEDULE_SECONDS.length)).toBeNull();
    expect(nextAttemptDelaySeconds(-1)).toBeNull();
    expect(nextAttemptDelaySeconds(1.5)).toBeNull();
  });
});
