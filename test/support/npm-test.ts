import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `npm test` in a folder, as a student types it: the exit code, and what npm and the test runner printed. */
export async function npmTest(folder: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['test'], { cwd: folder, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: Number(e.code ?? 1), output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}
