import { transform } from 'sucrase';

/**
 * TypeScript made JavaScript by removing what is only types (annotations, interfaces, type-only imports) and
 * writing out enums, parameter properties and namespaces: Sucrase, which checks no types and rewrites nothing else,
 * so `import`/`export` stay ES module syntax and line numbers stay where they were. It is how bezzel runs a
 * plugin's or a submission's TypeScript on every Node it supports, with no compiler installed: a type check is the
 * plugin project's own (`npm test` in a folder `bezzel init plugin` wrote).
 */
export function stripTypes(source: string, file: string): string {
  try {
    // A .cts file is CommonJS: its imports become require() calls, as TypeScript would write them.
    return transform(source, { transforms: file.endsWith('.cts') ? ['typescript', 'imports'] : ['typescript'], filePath: file, disableESTransforms: true }).code;
  } catch (error) {
    throw syntaxError(error, file);
  }
}

/** A TypeScript file that does not parse, said as `file:line:column: what`, the place a reader goes to. */
export class TypeScriptSyntaxError extends SyntaxError {
  override readonly name = 'SyntaxError';
}

function syntaxError(error: unknown, file: string): TypeScriptSyntaxError {
  // Sucrase says "Error transforming <file>: Unexpected token (4:12)", the place last, its column counted from 1.
  const message = String((error as Error).message ?? error).replace(/^Error transforming .*?: /, '');
  const place = /\s*\((\d+):(\d+)\)$/.exec(message);
  return new TypeScriptSyntaxError(place ? `${file}:${place[1]}:${place[2]}: ${message.slice(0, place.index)}` : `${file}: ${message}`);
}
