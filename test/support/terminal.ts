import { spawn } from 'node:child_process';
import { bezzelBin, childEnv, root } from './cli.js';

/** What a person saw on the terminal, and how the command ended. */
export interface TerminalRun {
  /** Everything the terminal showed (stdout and stderr, as a terminal merges them), escapes and all. */
  readonly screen: string;
  readonly code: number | null;
}

/** A command running on a pseudo-terminal, as a person runs it. */
export interface TerminalSession {
  /** Resolves once the screen shows text matching `pattern` (rejects if the command ends first or `ms` pass). */
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
  /** Types keys, as a person would: `'\x03'` is Ctrl-C. */
  type(keys: string): void;
  /** Resolves when the command ends. */
  readonly ended: Promise<TerminalRun>;
}

/**
 * Runs `bezzel …` on a pseudo-terminal made by util-linux `script` (in every Debian base system; no native
 * module to build): stdout and stderr are a TTY, 120 columns wide, so the progress display draws as it does for a
 * person, and a typed Ctrl-C reaches the command as SIGINT from the terminal's line discipline, not from a kill.
 */
export function onTerminal(args: readonly string[], env: NodeJS.ProcessEnv = {}, command: string = bezzelBin): TerminalSession {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const words = command === bezzelBin ? [process.execPath, bezzelBin, ...args] : [command, ...args];
  const line = `stty cols 120 rows 40; exec ${words.map(quote).join(' ')}`;
  const child = spawn('script', ['-qfec', line, '/dev/null'], { cwd: root, env: { ...childEnv(), ...env, TERM: 'xterm' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  const waiters: { pattern: RegExp; resolve: () => void; reject: (error: Error) => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(screen)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString('utf8');
    check();
  });
  child.stderr.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
  const ended = new Promise<TerminalRun>((resolve) => {
    child.on('close', (code) => {
      for (const waiter of waiters.splice(0)) waiter.reject(new Error(`the command ended (exit ${code}) before the screen showed ${waiter.pattern}:\n${visible(screen).slice(-2000)}`));
      resolve({ screen, code });
    });
  });
  return {
    ended,
    type: (keys) => child.stdin.write(keys),
    waitFor(pattern, ms = 20_000) {
      if (pattern.test(screen)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const waiter = { pattern, resolve, reject };
        waiters.push(waiter);
        setTimeout(() => {
          const at = waiters.indexOf(waiter);
          if (at < 0) return;
          waiters.splice(at, 1);
          child.kill('SIGKILL');
          reject(new Error(`the screen did not show ${pattern} within ${ms} ms:\n${visible(screen).slice(-2000)}`));
        }, ms).unref();
      });
    },
  };
}

/** The screen as text: escape sequences gone, each carriage return a new line (the bar's redraws one a line). */
export function visible(screen: string): string {
  return screen
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
    .replace(/\x1b[78]/g, '')
    .replace(/\r\n?/g, '\n');
}
