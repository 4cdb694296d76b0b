import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bezzelProcess, type CliRun } from '../support/cli.js';
import { ownRedis, testRedisReachable, type OwnRedis } from '../support/redis.js';

/**
 * An operator's TLS and key-file mistakes (issue 37): each is exit 2 in one line naming the flag or the address to
 * fix — never OpenSSL's codes, never exit 69 ("try again later") for what no retry mends — and a worker given one
 * stops at once instead of retrying for ever. A Redis of the test's own that insists on client certificates.
 */
const reachable = await testRedisReachable();

describe.skipIf(!reachable)('TLS and key files: the flag to fix, exit 2', { timeout: 120_000 }, () => {
  let tlsRedis: OwnRedis | undefined;
  let plainRedis: OwnRedis | undefined;
  afterAll(async () => {
    await tlsRedis?.stop();
    await plainRedis?.stop();
  });

  function expectFix(run: CliRun, message: RegExp): void {
    expect(run.code, run.stderr).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(run.stderr).not.toMatch(/routines:|\n\s+at |error:[0-9A-F]{8}/);
  }

  it('client certificate missing, refused, not a key, encrypted, not its key; a CA that is not PEM or not the signer; the wrong scheme either way; a worker stops', async () => {
    tlsRedis = await ownRedis({ tls: true, clientCertificates: 'yes' });
    plainRedis = await ownRedis();
    const tls = tlsRedis.tls!;
    const dir = join(tls.ca, '..');
    writeFileSync(join(dir, 'not-a-key.pem'), 'not a key\n');
    writeFileSync(join(dir, 'not-a-ca.pem'), 'not pem at all\n');
    execFileSync('openssl', ['pkey', '-in', tls.clientKey, '-aes256', '-passout', 'pass:secret', '-out', join(dir, 'encrypted.key')], { stdio: 'ignore' });
    const queue = tlsRedis.url;
    const withCa = ['--queue', queue, '--tls-ca', tls.ca];
    const cases: [string[], RegExp][] = [
      [['jobs', ...withCa], /^bezzel: --tls-cert and --tls-key: the server at rediss:\/\/127\.0\.0\.1:\d+\/0 asks for a client certificate \([^)]*\); give one signed by a CA it trusts, with its key$/],
      [['jobs', ...withCa, '--tls-cert', tls.otherCa, '--tls-key', join(dir, 'other-ca.key')], /^bezzel: --tls-cert: the server at \S+ refused this client certificate \([^)]+\); it must be signed by a CA the server trusts$/],
      [['jobs', ...withCa, '--tls-cert', tls.clientCert, '--tls-key', join(dir, 'not-a-key.pem')], /^bezzel: --tls-key \S+not-a-key\.pem is not a PEM private key/],
      [['jobs', ...withCa, '--tls-cert', tls.clientCert, '--tls-key', join(dir, 'encrypted.key')], /^bezzel: --tls-key \S+encrypted\.key is encrypted: give the key unencrypted \(openssl pkey -in /],
      [['jobs', ...withCa, '--tls-cert', tls.clientCert, '--tls-key', tls.serverKey], /^bezzel: --tls-key \S+server\.key is not the key of --tls-cert \S+client\.crt/],
      [['jobs', '--queue', queue, '--tls-ca', join(dir, 'not-a-ca.pem'), '--tls-cert', tls.clientCert, '--tls-key', tls.clientKey], /^bezzel: --tls-ca \S+not-a-ca\.pem is not a PEM certificate/],
      [['jobs', '--queue', queue, '--tls-ca', tls.otherCa, '--tls-cert', tls.clientCert, '--tls-key', tls.clientKey], /^bezzel: --tls-ca: the certificate of the server at \S+ does not check against this CA \(self-signed certificate in certificate chain\); give the CA that signed it$/],
      [['jobs', '--queue', queue.replace('rediss:', 'redis:')], /^bezzel: redis:\/\/\S+ speaks TLS: use rediss:\/\/ for this port/],
      [['jobs', '--queue', plainRedis.url.replace('redis:', 'rediss:'), '--tls-ca', tls.ca], /^bezzel: rediss:\/\/\S+ answers plain Redis, not TLS: use redis:\/\/ for this port/],
      [['worker', ...withCa, '--workers', '1'], /^bezzel: --tls-cert and --tls-key: the server at \S+ asks for a client certificate/],
    ];
    for (const [args, message] of cases) expectFix(await bezzelProcess(...args), message);
    // The right files: an answer.
    const right = await bezzelProcess('jobs', ...withCa, '--tls-cert', tls.clientCert, '--tls-key', tls.clientKey);
    expect(right.code, right.stderr).toBe(0);
  });

  it('a queue key file that is too short, or not there, is exit 2 naming the flag', async () => {
    const dir = join(tlsRedis?.tls?.ca ?? '/tmp', '..');
    writeFileSync(join(dir, 'short.key'), 'short\n');
    expectFix(await bezzelProcess('jobs', '--queue', 'redis://127.0.0.1:1/0', '--queue-key-file', join(dir, 'short.key')), /^bezzel: --queue-key-file: the queue key must be at least 16 characters/);
    expectFix(await bezzelProcess('jobs', '--queue', 'redis://127.0.0.1:1/0', '--queue-key-file', join(dir, 'no-such.key')), /^bezzel: --queue-key-file: cannot read \S+no-such\.key: no such file$/);
  });
});
