import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './serve.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built site's address, served from a sub-folder as a static host may put it. */
    site: string;
    /** Where the one Chromium of the run listens. */
    browser: string;
  }
}

const web = fileURLToPath(new URL('..', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the site as `pnpm build` does, serves it, and starts Chromium (Debian's, no download). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('pnpm', ['--filter', '@bezzel/web', 'build'], { cwd: repo, stdio: 'pipe' });
  const served = await serveStatic(web);
  try {
    const server = await chromium.launchServer({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    project.provide('site', `${served.url}dist/`);
    project.provide('browser', server.wsEndpoint());
    return async () => {
      await server.close();
      served.server.close();
    };
  } catch (error) {
    served.server.close();
    throw error;
  }
}
