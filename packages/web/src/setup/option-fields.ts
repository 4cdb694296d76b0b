import { describeValue, optionList, type Bezzel, type OptionValue, type SearchStrategy } from '@bezzel/core';

/**
 * The one place that reads a strategy's declared options (`meta.options`, declared with the core's `option`
 * builders) for the set-up form. Everything else in the page sees only `OptionField`.
 */
export interface OptionField {
  /** The name the strategy reads, and the key in the page's state and link (`o.<name>`). */
  readonly name: string;
  /** The name in words for a label: `restartAfter` → "restart after". */
  readonly label: string;
  readonly description: string;
  /** A choice (among registered parts, fixed words, or true and false), or text the core checks. */
  readonly kind: 'choice' | 'text';
  readonly choices: readonly { readonly value: string; readonly description: string }[];
  /** The value the strategy uses when the field is left alone, as text ('' when it computes its own). */
  readonly fallback: string;
}

/**
 * The problem kind an option is for, when it is for one only: a part of a `tour-…` kind, or a description that
 * says so ("tour counts: …", "the order in which a tour tries its moves", "placements only: …").
 */
export function optionKind(option: { readonly description: string; readonly partKind?: string }): 'placement' | 'tour' | undefined {
  if (option.partKind?.startsWith('tour-') || /^((open |closed )?tour counts\b|tours only:|the order in which a tour\b)/.test(option.description)) return 'tour';
  if (/^placements only:/.test(option.description)) return 'placement';
  return undefined;
}

/**
 * The fields a strategy offers a user: its declared options, without those only `split()` writes, and (given the
 * problem kind) without those for another kind of problem — a tour's move ordering is no choice for placements.
 */
export function optionFields(bezzel: Bezzel, strategy: SearchStrategy | undefined, problem?: string): OptionField[] {
  return (strategy ? optionList(strategy.meta) : [])
    .filter((option) => !option.internal)
    .filter((option) => {
      const kind = optionKind(option);
      return problem === undefined || kind === undefined || kind === problem;
    })
    .map((option) => {
      const choices =
        option.partKind ? bezzel.partsOf(option.partKind).map((part) => ({ value: part.id, description: part.description }))
        : option.choices ? option.choices.map((value) => ({ value, description: value }))
        : option.type === 'boolean' ? ['true', 'false'].map((value) => ({ value, description: value }))
        : [];
      // What a number may be ("a number from 0 to 1") is part of what the field says about itself.
      const range = option.type === 'integer' || option.type === 'number' ? ` (${describeValue(option)})` : '';
      return {
        name: option.name,
        label: words(option.name),
        description: `${option.description}${range}`,
        kind: choices.length > 0 ? 'choice' : 'text',
        choices,
        fallback: option.default === undefined ? '' : String(option.default),
      };
    });
}

/** Option text as the CLI reads it: numbers and booleans by their look, anything else a string. */
export function optionValue(text: string): OptionValue {
  if (text === 'true') return true;
  if (text === 'false') return false;
  // A whole number past 2^53 stays text, so the strategy's refusal quotes it as written (not as 1e+60).
  return /^-?\d+(\.\d+)?$/.test(text) && (text.includes('.') || Number.isSafeInteger(Number(text))) ? Number(text) : text;
}

/** `crossoverRate` → "crossover rate", `max-steps` → "max steps". */
function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/-/g, ' ').toLowerCase();
}
