import { assertReachable, parseQueueAddress } from '@bezzel/queue';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Redis the queue tests use: `.ci/run` starts one on this port; BEZZEL_TEST_REDIS names another. */
export const TEST_REDIS = process.env.BEZZEL_TEST_REDIS ?? 'redis://127.0.0.1:6390/0';

/**
 * Whether the test Redis answers. In CI (CI set) it must: a missing server fails the run instead of skipping
 * the queue tests quietly.
 */
export async function testRedisReachable(): Promise<boolean> {
  try {
    await assertReachable(parseQueueAddress(TEST_REDIS), 1000);
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`CI needs Redis for the queue tests at ${TEST_REDIS}: ${(error as Error).message}`);
    console.warn(`Skipping the queue tests: no Redis at ${TEST_REDIS} (start one: redis-server --port 6390 --save '' --daemonize yes, or set BEZZEL_TEST_REDIS)`);
    return false;
  }
}

/** A queue address of its own (a fresh key prefix), so runs and tests never see each other's jobs. */
export function freshQueue(): string {
  const url = new URL(TEST_REDIS);
  url.searchParams.set('prefix', `test-${randomBytes(4).toString('hex')}`);
  return url.href;
}

/** A Redis server of a test's own: its own port and data folder, so the test may kill and restart it. */
export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  /** With `tls`: the files (PEM) the test made with openssl. */
  readonly tls?: TlsFiles;
  /** SIGKILL, as a crash: whatever the append-only file has not got is lost. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  /** SIGSTOP: it answers nothing until `resume` (SIGCONT), as a server frozen mid-way. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * Starts `redis-server` on a free loopback port with append-only persistence (fsync every second), as the README
 * sets a queue up. The configuration goes in on stdin, so a password never shows in `ps`.
 */
export async function ownRedis(options: { password?: string; tls?: boolean; clientCertificates?: 'optional' | 'yes' } = {}): Promise<OwnRedis> {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
  const { createServer } = await import('node:net');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'bezzel-redis-'));
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const tls = options.tls ? makeCertificates(dir) : undefined;
  // With TLS: no plain port at all (`port 0`), the TLS one on the free port; clients may bring a certificate of
  // the CA's (checked when they do) or none.
  const listen = tls
    ? ['port 0', `tls-port ${port}`, `tls-cert-file ${tls.serverCert}`, `tls-key-file ${tls.serverKey}`, `tls-ca-cert-file ${tls.ca}`, `tls-auth-clients ${options.clientCertificates ?? 'optional'}`]
    : [`port ${port}`];
  const config = [...listen, 'bind 127.0.0.1', `dir ${dir}`, 'save ""', 'appendonly yes', 'appendfsync everysec', ...(options.password ? [`requirepass ${options.password}`] : [])].join('\n');
  const scheme = tls ? 'rediss' : 'redis';
  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    child = spawn('redis-server', ['-'], { stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin!.end(`${config}\n`);
    const address = parseQueueAddress(`${scheme}://127.0.0.1:${port}/0`, { ...(options.password ? { password: options.password } : {}), ...(tls ? { tls: { ca: readFileSync(tls.ca, 'utf8'), ...(options.clientCertificates === 'yes' ? { cert: readFileSync(tls.clientCert, 'utf8'), key: readFileSync(tls.clientKey, 'utf8') } : {}) } } : {}) });
    for (let i = 0; ; i++) {
      try {
        await assertReachable(address, 500);
        return;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const ended = () => new Promise<void>((resolve) => (child && child.exitCode === null && child.signalCode === null ? child.once('exit', () => resolve()) : resolve()));
  await start();
  return {
    url: `${scheme}://127.0.0.1:${port}/0`,
    port,
    ...(tls ? { tls } : {}),
    async kill() {
      const done = ended();
      child?.kill('SIGKILL');
      await done;
    },
    start,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async stop() {
      const done = ended();
      child?.kill('SIGTERM');
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Certificates made with openssl for a TLS Redis: a CA, a server certificate for 127.0.0.1 and localhost, a client's, and a CA that signed none of them. */
export interface TlsFiles {
  readonly ca: string;
  readonly serverCert: string;
  readonly serverKey: string;
  readonly clientCert: string;
  readonly clientKey: string;
  /** Another CA, which signed nothing here: a client that trusts only it must refuse the server. */
  readonly otherCa: string;
}

/** Makes a CA, a server certificate (127.0.0.1, localhost) and a client certificate in `dir` with `openssl`. */
export function makeCertificates(dir: string): TlsFiles {
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ca = (name: string) => openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', `/CN=${name}`, '-keyout', at(`${name}.key`), '-out', at(`${name}.crt`));
  const signed = (name: string, cn: string, extensions: string) => {
    writeFileSync(at(`${name}.ext`), `${extensions}\n`);
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-subj', `/CN=${cn}`, '-keyout', at(`${name}.key`), '-out', at(`${name}.csr`));
    openssl('x509', '-req', '-sha256', '-days', '2', '-in', at(`${name}.csr`), '-CA', at('test-ca.crt'), '-CAkey', at('test-ca.key'), '-CAcreateserial', '-out', at(`${name}.crt`), '-extfile', at(`${name}.ext`));
  };
  ca('test-ca');
  ca('other-ca');
  signed('server', 'localhost', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth');
  signed('client', 'bezzel-client', 'extendedKeyUsage=clientAuth');
  return { ca: at('test-ca.crt'), serverCert: at('server.crt'), serverKey: at('server.key'), clientCert: at('client.crt'), clientKey: at('client.key'), otherCa: at('other-ca.crt') };
}
