import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bezzelBin, bezzelProcess, childEnv, root } from '../support/cli.js';
import { freshQueue, testRedisReachable } from '../support/redis.js';
import { waitFor } from '../support/wait.js';

/**
 * The dashboard read-write, as a browser on the operator's machine meets it (issue 37): a page elsewhere that
 * posts to it (a text/plain POST needs no preflight, and the browser sends the credential it remembers) is
 * refused by its Origin; the page says what a browser may do with it (CSP, no framing, no sniffing).
 */
const reachable = await testRedisReachable();

describe.skipIf(!reachable)('dashboard --read-write: writes from another site refused, the page fenced', { timeout: 120_000 }, () => {
  it('a cross-site POST with the credential is 403 and adds nothing; the page sends CSP, X-Frame-Options and nosniff', async () => {
    const queue = freshQueue();
    const submitted = await bezzelProcess('place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=200', '--plugin', 'test/fixtures/slow-count.ts', '--queue', queue, '--parts', '40', '--detach', '--format', 'json');
    const { job } = JSON.parse(submitted.stdout) as { job: string };
    const token = 'a-dashboard-token-for-tests';
    const dashboard = spawn(process.execPath, [bezzelBin, 'dashboard', '--queue', queue, '--port', '0', '--read-write'], { cwd: root, env: { ...childEnv(), BEZZEL_DASHBOARD_TOKEN: token } });
    let log = '';
    dashboard.stderr.on('data', (chunk) => (log += String(chunk)));
    try {
      await waitFor('the dashboard to listen', () => /http:\/\/127\.0\.0\.1:\d+\//.test(log) && /it shows/.test(log), 30_000);
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(log)![1]!;
      const authorization = `Bearer ${token}`;
      const page = await fetch(url, { headers: { authorization } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'.*script-src 'self'.*frame-ancestors 'none'/);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      await waitFor('the count on the page', async () => ((await (await fetch(`${url}api/queues`, { headers: { authorization } })).json()) as { queues: { name: string }[] }).queues.some((q) => q.name === `count-${job}`), 20_000);
      const add = (headers: Record<string, string>) => fetch(`${url}api/queues/count-${job}/add`, { method: 'POST', headers: { authorization, 'content-type': 'text/plain', ...headers }, body: JSON.stringify({ name: 'forged', data: {} }) });
      const crossSite = await add({ origin: 'http://evil.example' });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.text()).toMatch(/a change from another site \(Origin\) is refused/);
      expect((await add({ origin: 'null' })).status).toBe(403);
      expect((await add({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      // The page's own origin, or a client that is no browser (no Origin), passes the check (bull-board answers).
      expect((await add({ origin: url.replace(/\/$/, '') })).status).not.toBe(403);
      // Without the credential, nothing at all.
      expect((await fetch(`${url}api/queues`)).status).toBe(401);
    } finally {
      dashboard.kill('SIGTERM');
      await bezzelProcess('cancel', job, '--queue', queue);
    }
  });
});
