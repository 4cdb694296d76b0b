/**
 * The worker thread's side of the pool: rebuild the container from the same plugin modules the caller loaded
 * (once per thread), then run one sub-task. Errors propagate to the pool, which names the sub-task.
 */
import { createBezzel, type Bezzel, type ContainerModule, type Result, type Task } from '@bezzel/core';
import { importModule } from './import-module.js';

export interface WorkerRequest {
  /** Module URLs or specifiers, each default-exporting a plugin's ContainerModule. */
  readonly plugins: readonly string[];
  readonly task: Task;
}

const containers = new Map<string, Promise<Bezzel>>();

async function load(plugins: readonly string[]): Promise<Bezzel> {
  const modules = [];
  for (const specifier of plugins) {
    const exported = (await importModule(specifier)) as { default?: ContainerModule };
    if (!exported.default) throw new Error(`plugin ${specifier} has no default export`);
    modules.push({ name: specifier, module: exported.default });
  }
  return createBezzel({ plugins: modules });
}

export default async function runSubTask(request: WorkerRequest): Promise<Result> {
  const key = request.plugins.join('\n');
  let bezzel = containers.get(key);
  if (!bezzel) containers.set(key, (bezzel = load(request.plugins)));
  return (await bezzel).solve(request.task);
}
