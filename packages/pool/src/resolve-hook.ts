/**
 * A module resolution hook (Node's `module.register`) that lets a plugin file import the `@bezzel/*` packages
 * when nothing is installed beside it: such an import, having failed where the file is, is resolved again from
 * bezzel's own install. A plugin with its own `node_modules` keeps what it has.
 */
interface ResolveContext {
  readonly parentURL?: string;
  readonly conditions: readonly string[];
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<unknown>;

/** Where bezzel is installed, as module URLs to resolve from, tried in order. */
let installURLs: readonly string[] = [];

export function initialize(data: { installURLs: readonly string[] }): void {
  installURLs = data.installURLs;
}

export async function resolve(specifier: string, context: ResolveContext, next: NextResolve): Promise<unknown> {
  try {
    return await next(specifier, context);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || !specifier.startsWith('@bezzel/')) throw error;
    for (const parentURL of installURLs) {
      try {
        return await next(specifier, { ...context, parentURL });
      } catch (again) {
        if ((again as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw again;
      }
    }
    throw error;
  }
}
