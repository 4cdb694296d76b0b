import { countFloorMs, type Task } from '@bezzel/core';
import { withWaiting, type CliBezzel } from '../plugins/load-plugins.js';
import { routeMs } from './watched-solve.js';
import type { CommonOptions } from '../options/common-options.js';
import type { PoolOptions } from './pool-options.js';

/**
 * The registry a task runs with, once the plugins that came first have found their cheapest route: of the plugins
 * left waiting, those load that have a strategy whose count floor is not above that route's cost (`auto` asks no
 * strategy whose floor is above the cheapest cost found, so the route stays the one every plugin would give). All
 * of them load where the task does not resolve or nothing loaded can do it, so that the message names every
 * strategy's reason.
 */
export async function registryFor(setup: CliBezzel, task: Task): Promise<CliBezzel> {
  const waiting = setup.waiting ?? [];
  if (waiting.length === 0) return setup;
  const { bezzel } = setup;
  const instance = bezzel.instantiate(task);
  if (!instance.ok) return withWaiting(setup, waiting.map((w) => w.name));
  const best = bezzel.cheapest(instance.value, undefined, (strategy, support) => routeMs(bezzel, instance.value, strategy, support));
  const load = waiting.filter((w) => best === undefined || w.floors.some((floor) => countFloorMs(floor, instance.value) <= best.ms));
  return withWaiting(setup, load.map((w) => w.name));
}

/**
 * Whether the command only chooses its route (`auto`'s choice, or the strategy named), so that plugins no route
 * could use may stay unloaded (`registryFor`). A count split over workers, checkpointed, queued or cross-checked
 * compares strategies beyond that choice; one worker and nothing else is no split (`countOnWorkers` runs it as
 * an unasked count, on the strategy `auto` chooses): `--workers 1` took 5 ms longer than the plain command (16
 * queens, 21 interleaved runs).
 */
export function onlyChoosesRoute(options: Pick<CommonOptions & PoolOptions, 'workers' | 'checkpoint' | 'queue' | 'parts' | 'crossCheck'>): boolean {
  return (options.workers === undefined || options.workers === 1) && options.checkpoint === undefined && options.queue === undefined && options.parts === undefined && !options.crossCheck;
}
