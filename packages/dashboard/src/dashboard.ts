import { runningCounts, WatchedConnection, describeCapability, type QueueAddress } from '@bezzel/queue';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import express, { type NextFunction, type Request, type Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { isIP, type AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DashboardOptions {
  readonly address: QueueAddress;
  /** 127.0.0.1 unless given: the dashboard shows every count's data, so it stays on this machine by default. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Lets the page retry, clean, pause and remove jobs; without it every such request is refused (405). */
  readonly readWrite?: boolean;
  /**
   * The credential every request must carry (HTTP Basic, any user name, this as the password; or
   * `Authorization: Bearer …`). Required with `readWrite`, and to listen beyond loopback.
   */
  readonly credential?: string;
  /** How often the list of sub-task queues is brought up to date (default 5 s). */
  readonly refreshMs?: number;
  readonly log?: (line: string) => void;
}

/** A dashboard that would be open to whoever reaches it: the caller's mistake, said in one line. */
export class DashboardRefused extends Error {
  override readonly name = 'DashboardRefused';
}

/** Whether an address to listen on keeps the page on this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export interface Dashboard {
  /** Where the page is, e.g. http://127.0.0.1:3000/ */
  readonly url: string;
  /** What the page shows and lets a visitor do, in one line (said when it starts). */
  readonly exposes: string;
  close(): Promise<void>;
}

/**
 * A bull-board dashboard of a bezzel queue: one queue per running count (its sub-tasks, then its sum job),
 * read-only unless asked, and then only with a credential. Counts appear as they start and go when they end.
 */
export async function startDashboard(options: DashboardOptions): Promise<Dashboard> {
  const { address } = options;
  const host = options.host ?? '127.0.0.1';
  const credential = options.credential;
  if (credential !== undefined && credential.length < 16) throw new DashboardRefused('the dashboard credential must be at least 16 characters (make one: openssl rand -hex 24)');
  if (options.readWrite && credential === undefined) {
    throw new DashboardRefused('--read-write lets the page change and remove jobs: it needs a credential (BEZZEL_DASHBOARD_TOKEN or --token-file)');
  }
  if (!isLoopback(host) && credential === undefined) {
    throw new DashboardRefused(`listening on ${host} shows every count to the network: it needs a credential (BEZZEL_DASHBOARD_TOKEN or --token-file), or --host 127.0.0.1`);
  }
  const log = options.log ?? (() => {});
  const connection = new WatchedConnection(address, {
    onLost: (why) => log(`lost the queue at ${address.display}: ${why}; retrying`),
    onBack: () => log(`the queue at ${address.display} answers again`),
  });
  const queues = new Map<string, { queue: Queue; adapter: BullMQAdapter }>();
  const adapter = (name: string, description: string) => {
    const queue = new Queue(name, { connection: connection.redis, prefix: address.prefix });
    return { queue, adapter: new BullMQAdapter(queue, { readOnlyMode: !options.readWrite, allowRetries: Boolean(options.readWrite), description }) };
  };
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath('/');
  const board = createBullBoard({ queues: [], serverAdapter, options: { uiConfig: { boardTitle: 'bezzel' }, ...uiBase() } });

  // A queue per running count: added when it starts, dropped when it is no longer running.
  const refresh = async () => {
    const running = await runningCounts(connection.redis, address.prefix);
    for (const { id, queue, capability } of running) {
      if (queues.has(queue)) continue;
      const entry = adapter(queue, `sub-tasks of count ${id}${capability ? `, which need ${describeCapability(capability)}` : ''}`);
      queues.set(queue, entry);
      board.addQueue(entry.adapter);
    }
    const still = new Set(running.map((c) => c.queue));
    for (const [name, entry] of queues) {
      if (still.has(name)) continue;
      queues.delete(name);
      board.removeQueue(entry.adapter);
      await entry.queue.close();
    }
  };
  await refresh().catch(() => {});
  const timer = setInterval(() => void refresh().catch(() => {}), options.refreshMs ?? 5000);

  const app = express();
  let port = 0;
  app.disable('x-powered-by');
  // DNS rebinding: a page elsewhere whose name is made to point here would reach the dashboard from a browser
  // on this machine. Only names this server is known by are answered.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!allowedHost(request.headers.host, host, port)) return void response.status(421).type('text/plain').send('bezzel dashboard: unknown Host header\n');
    next();
  });
  // What a browser may do with the page: its own scripts only, never framed (clickjacking), no type sniffing.
  app.use((_request: Request, response: Response, next: NextFunction) => {
    response.set({ 'Content-Security-Policy': CSP, 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    next();
  });
  // Cross-site request forgery: a page elsewhere can make this browser send a write (a text/plain POST needs no
  // preflight) with the credential it remembers. A write whose Origin is not this server is refused; clients
  // that are not browsers send no Origin and bring the credential themselves.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method)) return next();
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin !== undefined && !sameOrigin(origin, host, port)) || site === 'cross-site') {
      return void response.status(403).type('text/plain').send('bezzel dashboard: a change from another site (Origin) is refused\n');
    }
    next();
  });
  if (credential !== undefined) app.use((request: Request, response: Response, next: NextFunction) => {
    if (carries(request.headers.authorization, credential)) return next();
    response.status(401).set('WWW-Authenticate', 'Basic realm="bezzel dashboard", charset="UTF-8"').type('text/plain').send('bezzel dashboard: credential needed\n');
  });
  app.use('/', serverAdapter.getRouter());
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const s = app.listen(options.port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  port = (server.address() as AddressInfo).port;
  const exposes = [
    `shows every count's task and each running count's sub-tasks to ${isLoopback(host) ? 'this machine' : `anyone who reaches ${host}:${port}`}`,
    credential !== undefined ? 'with the credential' : 'without a credential',
    options.readWrite ? 'and lets them retry, change, clean and remove jobs (changed sub-task data is refused by workers, but removed jobs are lost work)' : 'read-only',
  ].join(', ');
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    exposes,
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...queues.values()].map(({ queue }) => queue.close()));
      await connection.close();
    },
  };
}

/** The page's own scripts and styles (bull-board's), its fonts from Google's font service, nothing framed or posted elsewhere. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' https://fonts.gstatic.com data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether an Origin header is this server's: http, a name it answers to (as the Host check), its port. */
function sameOrigin(origin: string, host: string, port: number): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed frame, a file) and anything malformed
  }
  return url.protocol === 'http:' && allowedHost(url.host, host, port) && Number(url.port || 80) === port;
}

/** Whether a request's Host header names this server: loopback names, the address it listens on, its host name, an IP. */
function allowedHost(header: string | undefined, host: string, port: number): boolean {
  if (!header) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(header.trim().toLowerCase());
  if (!match) return false;
  const name = match[1]!.replace(/^\[|\]$/g, '');
  if (match[2] !== undefined && Number(match[2]) !== port) return false;
  return name === 'localhost' || name === host.toLowerCase() || name === hostname().toLowerCase() || isIP(name) !== 0;
}

/** Whether an Authorization header carries the credential: Basic (any user) or Bearer. */
function carries(header: string | undefined, credential: string): boolean {
  if (!header) return false;
  const [scheme, value = ''] = header.split(' ', 2);
  let given = value;
  if (/^basic$/i.test(scheme ?? '')) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    given = decoded.slice(decoded.indexOf(':') + 1);
  } else if (!/^bearer$/i.test(scheme ?? '')) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(credential);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Where bull-board's page is: the copy the build puts beside the bundle (bull-board's own server code is compiled
 * into it, so its lookup of the page's package would find nothing in an install); from the sources, bull-board's own.
 */
function uiBase(): { uiBasePath?: string } {
  const copy = join(dirname(fileURLToPath(import.meta.url)), 'bull-board-ui');
  return existsSync(copy) ? { uiBasePath: copy } : {};
}
