import type * as v from 'valibot';

/** Where a valibot issue is, as a reader writes it: `scenes[2].setup.width`, `sizes[1]`, `budget.maxSteps`. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
