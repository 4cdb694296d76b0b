import { UsageError } from '@bezzel/core';
import { Command } from 'commander';
import { isAbsolute, relative, sep } from 'node:path';
import { EXIT, type SetExit } from '../exit.js';
import { out } from '../output/output.js';
import { userCwd } from '../plugins/load-plugins.js';

interface InitPluginOptions {
  readonly piece?: boolean;
  readonly strategy?: boolean;
  readonly dir?: string;
}

/** `bezzel init plugin NAME --piece|--strategy` (or both): a plugin folder that passes its own test and loads at once. */
export function initCommand(setExit: SetExit): Command {
  const plugin = new Command('plugin')
    .description('write NAME/, a plugin ready to test (npm test) and load (--plugin NAME): package.json, src/index.ts, a test, a README')
    .argument('<name>', "the plugin's name, which is also its piece's or strategy's id: lower-case letters, digits and dashes")
    .option('--piece', 'a piece (its movement as leaps and rides)')
    .option('--strategy', 'a search strategy (meta, supports, run); with --piece, both in one plugin')
    .option('--dir <path>', 'the folder to write NAME/ in (default: the current one)')
    .action(async (name: string, options: InitPluginOptions) => {
      if (!options.piece && !options.strategy) throw new UsageError('ERR_OPTION', 'say which plugin to start: --piece, --strategy, or both');
      // Loaded only here: templates and file writing are nothing a solving command needs.
      const { initPlugin, invokedAs } = await import('../plugins/scaffold.js');
      const kind = options.piece && options.strategy ? 'both' : options.piece ? 'piece' : 'strategy';
      const made = await initPlugin({ name, kind, ...(options.dir !== undefined ? { dir: options.dir } : {}) });
      // The two next steps, each one command from where the user is (`npm test --prefix` runs the test there).
      const shown = shownPath(made.folder);
      const example = kind === 'both' ? `place ${name} -n 6 -k 4 --strategy ${name}` : options.piece ? `place ${name} -n 8 -k 8` : `place queen -n 5 --strategy ${name}`;
      out(`Wrote ${shown}/: ${made.files.join(', ')}, and node_modules/ with links to this bezzel's packages.`);
      out('Next, from here:');
      out(`  npm install --prefix ${shown}    # TypeScript and Node's types, for its type check`);
      out(`  npm test --prefix ${shown}`);
      out(`  ${invokedAs()} ${example} --plugin ${shown}`);
      setExit(EXIT.answered);
    });
  return new Command('init').description('start a plugin of your own: init plugin NAME --piece and/or --strategy').addCommand(plugin);
}

/** A folder as the user can type it from where they are: `./name` below the current folder, else its full path. */
function shownPath(folder: string): string {
  const path = relative(userCwd(), folder);
  return path === '' || path.startsWith('..') || isAbsolute(path) ? folder : `./${path.split(sep).join('/')}`;
}
