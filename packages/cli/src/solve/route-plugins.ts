import { countFloorMs, type Task } from '@bezzel/core';
import { withWaiting, type CliBezzel } from '../plugins/load-plugins.js';
import { routeMs } from './watched-solve.js';

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
