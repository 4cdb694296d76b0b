import { registeredCapabilities, WatchedConnection, COUNTS, describeCapability, type QueueAddress } from '@bezzel/queue';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import express from 'express';
import type { AddressInfo } from 'node:net';

export interface DashboardOptions {
  readonly address: QueueAddress;
  /** 127.0.0.1 unless given: the dashboard shows every count's data, so it stays on this machine by default. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Lets the page retry, clean, pause and remove jobs; without it every such request is refused (405). */
  readonly readWrite?: boolean;
  /** How often the list of sub-task queues is brought up to date (default 5 s). */
  readonly refreshMs?: number;
  readonly log?: (line: string) => void;
}

export interface Dashboard {
  /** Where the page is, e.g. http://127.0.0.1:3000/ */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A bull-board dashboard of a bezzel queue: the counts queue and one queue per capability of sub-tasks (named by
 * the plugins it needs), read-only unless asked. New capabilities appear as counts bring them.
 */
export async function startDashboard(options: DashboardOptions): Promise<Dashboard> {
  const { address } = options;
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
  const counts = adapter(COUNTS, 'one job per count: its sub-tasks are its children');
  queues.set(COUNTS, counts);
  const board = createBullBoard({ queues: [counts.adapter], serverAdapter, options: { uiConfig: { boardTitle: 'bezzel' } } });

  const refresh = async () => {
    for (const { queue, capability } of await registeredCapabilities(connection.redis, address.prefix)) {
      if (queues.has(queue)) continue;
      const entry = adapter(queue, `sub-tasks that need ${describeCapability(capability)}`);
      queues.set(queue, entry);
      board.addQueue(entry.adapter);
    }
  };
  await refresh().catch(() => {});
  const timer = setInterval(() => void refresh().catch(() => {}), options.refreshMs ?? 5000);

  const app = express();
  app.use('/', serverAdapter.getRouter());
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const s = app.listen(options.port, options.host ?? '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...queues.values()].map(({ queue }) => queue.close()));
      await connection.close();
    },
  };
}
