/**
 * `pnpm bench`: every speed figure the issues name, printed with the machine it was measured on.
 * Each file in bench/sections/ is one section; `pnpm bench queens` runs the sections whose name contains "queens".
 */
import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startsWithCertificates } from './whole-command.js';

export interface BenchSection {
  readonly title: string;
  /** Words `pnpm bench <word>` also picks the section by, besides its file name (`frontier`: issue 29's table). */
  readonly keywords?: readonly string[];
  run(log: (line: string) => void): Promise<void>;
}

const dir = join(import.meta.dirname, 'sections');
const filter = process.argv.slice(2);
const cpu = cpus();
console.log(`# Bezzel benchmarks — ${new Date().toISOString()}`);
console.log(`machine: ${cpu[0]?.model ?? 'unknown cpu'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}${startsWithCertificates() ? ' (NODE_EXTRA_CA_CERTS set: this Node reads it before any code runs, about 30 ms a command)' : ''}`);

const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
for (const file of files) {
  const section = (await import(pathToFileURL(join(dir, file)).href)).default as BenchSection;
  if (filter.length > 0 && !filter.some((f) => file.includes(f) || (section.keywords ?? []).includes(f))) continue;
  console.log(`\n## ${section.title} (${file})`);
  await section.run((line) => console.log(line));
}
