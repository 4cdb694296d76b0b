/** What is wrong with a number that is no amount: the word for it, and for a huge one why it is infinite. */
export interface NumberMisfit {
  /** `negative`, `infinite`, `negative and infinite` or `NaN, not a number`. */
  readonly word: string;
  /** For a number past the largest double: which, and that it is. */
  readonly detail?: string;
}

/**
 * Why a number a user typed is no amount a budget, a size or an option can take, when it is one of the ways a
 * number goes wrong that a parser would otherwise report as "not a number" or "needs a unit": negative,
 * infinite (`Infinity`, or `1e309`, past the largest double), or not a number at all (`NaN`). The number is read
 * at the start of the text, so `-1s`, `Infinitys`, `1e309G` and `NaNms` are each told what they are.
 */
export function numberMisfit(text: string): NumberMisfit | undefined {
  const t = String(text).trim();
  if (/^[+-]?nan/i.test(t)) return { word: 'NaN, not a number' };
  if (/^[+-]?inf(inity)?/i.test(t)) return { word: t.startsWith('-') ? 'negative and infinite' : 'infinite' };
  const lead = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(t)?.[0];
  if (lead === undefined) return undefined;
  const value = Number(lead);
  if (!Number.isFinite(value)) return { word: value < 0 ? 'negative and infinite' : 'infinite', detail: `${lead} is past the largest number, about 1.8e308` };
  if (value < 0 || (value === 0 && lead.startsWith('-'))) return { word: 'negative' };
  return undefined;
}

/** A misfit as a parenthesis after the value: ` (infinite: 1e999 is past the largest number, about 1.8e308)`. */
export function misfitNote(misfit: NumberMisfit | undefined): string {
  return misfit ? ` (${misfit.word}${misfit.detail ? `: ${misfit.detail}` : ''})` : '';
}
