import { Command, Option } from 'commander';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXIT, type SetExit } from '../exit.js';
import { out } from '../output/output.js';

/** One document and where it is on this machine, or how to get it. */
export interface DocumentPlace {
  readonly name: string;
  /** The file or folder, when it is here. */
  readonly path?: string;
  /** What it holds, or how to make it when it is not here. */
  readonly note: string;
}

/**
 * Where the documents that ship with the command are: the tutorial, the API reference, and the experiment
 * examples (the textbook's specs among them). An installed bezzel has the first two in @bezzel/cli's `docs/`
 * (copied in when the release is packed) and the examples in @bezzel/experiment's `examples/`; a checkout has
 * them in its `docs/`, `packages/web/dist/api/` (once `pnpm docs:api` has made it) and `packages/experiment/examples/`.
 */
export async function documentPlaces(): Promise<DocumentPlace[]> {
  const { packageRoot } = await import('../plugins/scaffold.js');
  const cli = packageRoot('@bezzel/cli', import.meta.url);
  const checkout = dirname(dirname(cli));
  const first = (...paths: string[]) => paths.find((p) => existsSync(p));
  const tutorial = first(join(cli, 'docs/tutorial.md'), join(checkout, 'docs/tutorial.md'));
  const api = first(join(cli, 'docs/api/index.html'), join(checkout, 'packages/web/dist/api/index.html'));
  const apiIntro = first(join(cli, 'docs/api.md'), join(checkout, 'docs/api.md'));
  const examples = join(packageRoot('@bezzel/experiment'), 'examples');
  const list = (folder: string) => (existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ya?ml|json)$/.test(f)).sort() : []);
  return [
    { name: 'tutorial', ...(tutorial ? { path: tutorial } : {}), note: tutorial ? 'a piece, a strategy and a part, step by step (Markdown)' : 'not found' },
    api
      ? { name: 'API reference', path: api, note: 'every type and function a plugin uses (HTML: open it in a browser)' }
      : { name: 'API reference', ...(apiIntro ? { path: apiIntro } : {}), note: 'its HTML is not built here: `pnpm docs:api` in a bezzel checkout writes packages/web/dist/api/; the types themselves are in @bezzel/core\'s dist/*.d.ts' },
    { name: 'experiment examples', ...(existsSync(examples) ? { path: examples } : {}), note: existsSync(examples) ? `spec files for bezzel experiment --spec FILE: ${list(examples).join(', ')}` : 'not found' },
    { name: 'experiment guide', path: join(packageRoot('@bezzel/experiment'), 'README.md'), note: 'statistics, spec files, --race, the textbook\'s numbers' },
  ];
}

/** `bezzel docs`: where the tutorial, the API reference and the experiment examples are on this machine. */
export function docsCommand(setExit: SetExit): Command {
  return new Command('docs')
    .description('where the tutorial, the API reference and the experiment examples are on this machine (they ship with the command)')
    .addOption(new Option('--format <format>', 'text, or JSON for a program').choices(['text', 'json']).default('text'))
    .action(async (options: { format: string }) => {
      const places = await documentPlaces();
      if (options.format === 'json') out(JSON.stringify(places, null, 2));
      else {
        const width = Math.max(...places.map((p) => p.name.length));
        for (const p of places) out(`${`${p.name}:`.padEnd(width + 2)}${p.path ?? '–'}\n${''.padEnd(width + 2)}${p.note}`);
      }
      setExit(EXIT.answered);
    });
}
