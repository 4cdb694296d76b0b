import { createBezzel, type Bezzel, type ContainerModule } from '@bezzel/core';
import { importModule } from './import-module.js';

/**
 * A container built in this thread from plugin module URLs (the very files the caller loaded), as every worker
 * thread builds its own: plugins cross threads as the addresses of their code, never as objects.
 */
export async function containerOf(plugins: readonly string[]): Promise<Bezzel> {
  const modules = await Promise.all(
    plugins.map(async (specifier) => {
      const exported = (await importModule(specifier)) as { default?: ContainerModule };
      if (!exported.default) throw new Error(`plugin ${specifier} has no default export`);
      return { name: specifier, module: exported.default };
    }),
  );
  return createBezzel({ plugins: modules });
}
