/**
 * Reads a Markdown tutorial as its tests run it: the files it names (a fenced block whose info string says
 * `title="name"`) and the commands of its `console` blocks, each with the output it shows.
 */

export interface NamedFile {
  readonly name: string;
  readonly text: string;
}

/** One `$ bezzel …` line of a console block, with the lines after it up to the next command. */
export interface ConsoleSession {
  /** The command as printed, without the `$ ` and its comment. */
  readonly command: string;
  /** Its arguments after `bezzel`, split on spaces: the commands use no quotes or shell syntax. */
  readonly args: readonly string[];
  readonly output: readonly string[];
  /** What the command's comment promises (`# exit code 3`), else 0. */
  readonly exitCode: number;
}

interface Block {
  readonly info: string;
  readonly lines: readonly string[];
}

function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`a code block opened on line ${i + 1} is never closed`);
    blocks.push({ info: open[1]!, lines: lines.slice(i + 1, end) });
    i = end;
  }
  return blocks;
}

/** The blocks marked with a file name, in order. */
export function namedFiles(markdown: string): NamedFile[] {
  return fencedBlocks(markdown).flatMap((block) => {
    const name = /\btitle="([^"]+)"/.exec(block.info)?.[1];
    return name ? [{ name, text: `${block.lines.join('\n')}\n` }] : [];
  });
}

/** Every `$ bezzel …` command of the console blocks, in order. */
export function consoleSessions(markdown: string): ConsoleSession[] {
  const sessions: Omit<ConsoleSession, 'args'>[] = [];
  for (const block of fencedBlocks(markdown).filter((b) => b.info === 'console')) {
    let current: { command: string; exitCode: number; output: string[] } | undefined;
    for (const line of block.lines) {
      const prompt = /^\$ (.*?)\s*(?:#\s*(.*))?$/.exec(line);
      if (!prompt) {
        if (!current) throw new Error(`console block line before any command: ${line}`);
        current.output.push(line);
        continue;
      }
      const [, command = '', comment = ''] = prompt;
      if (!command.startsWith('bezzel ') || /["'|&;<>$`\\]/.test(command)) throw new Error(`not a plain bezzel command: ${command}`);
      current = { command, exitCode: Number(/exit code (\d+)/.exec(comment)?.[1] ?? 0), output: [] };
      sessions.push(current);
    }
  }
  return sessions.map((s) => ({ ...s, args: s.command.split(/\s+/).slice(1) }));
}

/**
 * The output a session shows as a pattern over what the command printed: `…` stands for any text on its line,
 * runs of spaces for any (table columns widen with the numbers in them), and the lines must be all there is.
 */
export function expectedOutput(lines: readonly string[]): RegExp {
  const line = (text: string) =>
    text
      .trimEnd()
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ +/g, ' +'))
      .join('.*');
  return new RegExp(`^${lines.map(line).join('\\n')}${lines.length > 0 ? '\\n' : ''}$`);
}

/**
 * What a reader's terminal shows of a command: its output and its messages, but not an experiment's progress,
 * which a terminal sees on one line that is rewritten and cleared (and elsewhere comes a line a cell).
 */
export function terminalView(stdout: string, stderr: string): string {
  return stdout + stderr.replace(/^\[\d+\/\d+\] .*\n/gm, '');
}
