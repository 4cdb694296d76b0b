/**
 * Messages from the core and the strategies are written for the command line ("say how many with -k", "try -o
 * restarts=N"). The page has fields, not flags: this rewrites the flags a message can name into the names of
 * the page's fields, so a student never meets a flag the page has no place to type.
 */
const REWRITES: readonly (readonly [RegExp, string])[] = [
  [/\bwith -k\b/g, 'in the field “Pieces k”'],
  [/(^|[\s(])-k (\d+)/g, '$1k = $2'],
  [/(^|[\s(])-k\b/g, '$1Pieces k'],
  [/--goal (\S+?)([,;.)]|$|\s)/g, 'goal “$1”$2'],
  [/--strategy (\S+?)([,;.)]|$|\s)/g, 'strategy “$1”$2'],
  [/try -o (\w+)=N/g, 'try a larger “$1” in the strategy options'],
  [/-o (\w+)=(\S+?)([,;.)]|$|\s)/g, 'the option “$1” set to $2$3'],
  [/--max-steps\b/g, '“Max steps”'],
  [/--max-time\b/g, '“Time limit”'],
  [/--seed\b/g, '“Seed”'],
];

export function pageWords(message: string): string {
  let text = message;
  for (const [pattern, replacement] of REWRITES) text = text.replace(pattern, replacement);
  return text;
}
