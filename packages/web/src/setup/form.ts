import { DOMINATION_VARIANTS, GOALS_OF, PROBLEM_KINDS, type Bezzel, type DominationVariant, type Goal, type ProblemKind } from '@bezzel/core';
import { byId, el, setText, show } from '../shared/dom.js';
import { optionFields, type OptionField } from './option-fields.js';
import { BETZA_PREFIX } from '../shared/plugins.js';
import { MAX_PAGE_SIDE, MAX_SEED, MAX_TIME_MS, MINIMUM_GOALS, PAGE_GOALS, type PageState } from './state.js';

const BETZA_CHOICE = 'betza';

/** A change a field makes: the state with the field's value, a strategy option's text, or why the field's text cannot be used. */
export type FieldChange =
  | { readonly field: string; readonly patch: Partial<PageState> }
  | { readonly field: string; readonly option: string; readonly text: string }
  | { readonly field: string; readonly invalid: string };

/** Whether a strategy (or `auto`) solves a kind of problem; the registry knows. */
export type StrategyFits = (strategy: string, kind: ProblemKind) => boolean;

/** The strategy a problem kind starts with when the one chosen does not solve it. */
const USUAL_STRATEGY: Readonly<Record<ProblemKind, string>> = { placement: 'backtracking', tour: 'backtracking', dominate: 'cover-search' };

/** The state after a change (the field's text is then readable). */
export function applyChange(state: PageState, change: FieldChange, fits: StrategyFits = () => true): PageState {
  if ('patch' in change) {
    const next = { ...state, ...change.patch };
    const kind = change.patch.problem;
    if (kind !== undefined && kind !== state.problem) return switchProblem(next, kind, fits);
    // A domination goal that finds the number of pieces leaves no k to give.
    if (next.problem === 'dominate' && change.patch.goal !== undefined && MINIMUM_GOALS.includes(next.goal)) return { ...next, k: undefined };
    return next;
  }
  if ('option' in change) {
    const options = { ...state.options };
    if (change.text === '') delete options[change.option];
    else options[change.option] = change.text;
    return { ...state, options };
  }
  return state;
}

/**
 * Switching problems brings the usual piece, goal and strategy along, unless they still fit: a knight to tour
 * and a queen to place, one tour, all placements, the fewest dominating pieces (of the piece already chosen: knight
 * and queen domination are both classics); a strategy that does not solve the new kind gives way to the usual one.
 */
function switchProblem(changed: PageState, kind: ProblemKind, fits: StrategyFits): PageState {
  let next = changed;
  const strategy = fits(next.strategy, kind) ? {} : { strategy: USUAL_STRATEGY[kind], options: {} };
  // Leaving domination leaves its variant behind, so the link carries none for a placement or a tour.
  if (kind !== 'dominate') next = { ...next, variant: 'plain' };
  if (kind === 'tour') return { ...next, ...strategy, piece: next.piece === 'queen' ? 'knight' : next.piece, goal: GOALS_OF.tour.includes(next.goal) && next.goal !== 'all' ? next.goal : 'one' };
  if (kind === 'placement') return { ...next, ...strategy, piece: next.piece === 'knight' ? 'queen' : next.piece, goal: GOALS_OF.placement.includes(next.goal) ? next.goal : 'all' };
  return { ...next, ...strategy, goal: 'minimum', k: undefined };
}

/** Whether the k field applies: placements, and domination goals that ask for sets of a given size. */
function wantsK(state: PageState): boolean {
  return state.problem === 'placement' || (state.problem === 'dominate' && !MINIMUM_GOALS.includes(state.goal));
}

/**
 * The set-up form. It never reads itself to learn the state: each edit becomes a FieldChange for the store,
 * and `render` writes the store's state back into the fields — except the one being typed in, and without
 * rebuilding any field that still applies, so no field ever loses focus or the caret while typing.
 */
export class SetupForm {
  #strategiesFor: ProblemKind | undefined;
  #optionsFor: string | undefined;
  #fields: readonly OptionField[] = [];

  constructor(
    private readonly bezzel: Bezzel,
    onChange: (change: FieldChange) => void,
  ) {
    byId<HTMLSelectElement>('goal').replaceChildren(...PAGE_GOALS.map((g) => new Option(g, g)));
    const pieces = bezzel.pieces.map((p) => new Option(p.name, p.id));
    byId<HTMLSelectElement>('piece').replaceChildren(...pieces, new Option('any piece, in Betza notation', BETZA_CHOICE));
    const form = byId<HTMLFormElement>('setup');
    const read = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
        const change = this.#read(target);
        if (change) onChange(change);
      }
    };
    form.addEventListener('input', read);
    form.addEventListener('change', read);
  }

  /** Writes the state into the fields; `invalid` keeps the text of fields that cannot be read, with their reasons. */
  render(state: PageState, invalid: Readonly<Record<string, string>>): void {
    const active = document.activeElement;
    const put = (id: string, value: string) => {
      const field = byId<HTMLInputElement | HTMLSelectElement>(id);
      if (field !== active && !(id in invalid) && field.value !== value) field.value = value;
    };
    put('problem', state.problem);
    const betza = state.piece.startsWith(BETZA_PREFIX);
    put('piece', betza ? BETZA_CHOICE : state.piece);
    if (betza) put('betza', state.piece.slice(BETZA_PREFIX.length));
    put('width', String(state.width));
    put('height', String(state.height));
    put('k', state.k === undefined ? '' : String(state.k));
    put('start', state.start);
    byId<HTMLInputElement>('closed').checked = state.closed;
    put('variant', state.variant);
    for (const option of Array.from(byId<HTMLSelectElement>('goal').options)) option.disabled = !GOALS_OF[state.problem].includes(option.value as Goal);
    put('goal', state.goal);
    const k = byId<HTMLInputElement>('k');
    const placeholder = state.problem !== 'dominate' ? 'natural (n queens)' : state.goal === 'one' ? 'any size' : 'the size of the sets';
    if (k.placeholder !== placeholder) k.placeholder = placeholder;
    this.#renderStrategies(state);
    this.#renderOptions(state, invalid);
    put('seed', String(state.seed));
    put('max-steps', state.maxSteps === undefined ? '' : String(state.maxSteps));
    put('max-time', String(state.maxTimeMs / 1000));
    byId<HTMLInputElement>('trace').checked = state.trace;
    for (const kind of PROBLEM_KINDS) document.body.classList.toggle(kind, state.problem === kind);
    document.body.classList.toggle('sized', wantsK(state));
    document.body.classList.toggle('betza', betza);
    for (const field of Array.from(byId('setup').querySelectorAll<HTMLElement>('input, select'))) {
      const why = invalid[field.id];
      field.setAttribute('aria-invalid', why ? 'true' : 'false');
      const message = document.getElementById(`${field.id}-error`);
      if (message) setText(message, why ?? '');
    }
  }

  /** The strategies for the problem kind; rebuilt only when the kind changes. */
  #renderStrategies(state: PageState): void {
    const select = byId<HTMLSelectElement>('strategy');
    if (this.#strategiesFor !== state.problem) {
      this.#strategiesFor = state.problem;
      const fitting = this.bezzel.strategies.filter((s) => s.meta.problems.includes(state.problem));
      select.replaceChildren(new Option('auto: the cheapest that can do it', 'auto'), ...fitting.map((s) => new Option(s.meta.id, s.meta.id)));
    }
    if (select.value !== state.strategy && Array.from(select.options).some((o) => o.value === state.strategy)) select.value = state.strategy;
    const description = this.bezzel.strategy(state.strategy)?.meta.description ?? 'picks the strategy that claims the lowest cost for the problem';
    setText(byId('strategy-help'), description);
  }

  /** One labelled field per declared option, rebuilt only when the strategy changes. */
  #renderOptions(state: PageState, invalid: Readonly<Record<string, string>>): void {
    const host = byId('options');
    if (this.#optionsFor !== `${state.strategy} ${state.problem}`) {
      this.#optionsFor = `${state.strategy} ${state.problem}`;
      this.#fields = optionFields(this.bezzel, this.bezzel.strategy(state.strategy), state.problem);
      host.replaceChildren(...this.#fields.map((field) => optionElement(field)));
    }
    show(host, this.#fields.length > 0);
    for (const field of this.#fields) {
      const input = byId<HTMLInputElement | HTMLSelectElement>(`option-${field.name}`);
      const value = state.options[field.name] ?? field.fallback;
      if (input !== document.activeElement && !(input.id in invalid) && input.value !== value) input.value = value;
    }
  }

  #read(field: HTMLInputElement | HTMLSelectElement): FieldChange | undefined {
    const id = field.id;
    const text = field.value.trim();
    const change = (patch: Partial<PageState>): FieldChange => ({ field: id, patch });
    const invalid = (why: string): FieldChange => ({ field: id, invalid: why });
    if (field.dataset.option !== undefined) {
      const name = field.dataset.option;
      const fallback = this.#fields.find((f) => f.name === name)?.fallback ?? '';
      return { field: id, option: name, text: text === fallback ? '' : text };
    }
    switch (id) {
      case 'problem':
        return change({ problem: PROBLEM_KINDS.find((kind) => kind === text) ?? 'placement' });
      case 'variant':
        return change({ variant: DOMINATION_VARIANTS.find((v) => v === text) ?? ('plain' satisfies DominationVariant) });
      case 'piece':
        return change({ piece: text === BETZA_CHOICE ? `${BETZA_PREFIX}${byId<HTMLInputElement>('betza').value.trim()}` : text });
      case 'betza':
        return text === '' ? invalid('Write the piece\'s moves in Betza notation, such as N for a knight or QN for an amazon.') : change({ piece: `${BETZA_PREFIX}${text}` });
      case 'width':
      case 'height': {
        const n = whole(text, 1, MAX_PAGE_SIDE);
        return n === undefined ? invalid(`A whole number from 1 to ${MAX_PAGE_SIDE.toLocaleString('en')}.`) : change(id === 'width' ? { width: n } : { height: n });
      }
      case 'k': {
        if (text === '') return change({ k: undefined });
        const n = whole(text, 0, Number.MAX_SAFE_INTEGER);
        return n === undefined ? invalid('A whole number of pieces, or empty for the natural number.') : change({ k: n });
      }
      case 'start':
        return text.length > 40 ? invalid('A square such as a1, or (row,col) on boards wider than 26.') : change({ start: text });
      case 'closed':
        return change({ closed: (field as HTMLInputElement).checked });
      case 'goal':
        return change({ goal: text as Goal });
      case 'strategy':
        return change({ strategy: text, options: {} });
      case 'seed': {
        const n = whole(text, 0, MAX_SEED);
        return n === undefined ? invalid(`A whole number from 0 to ${MAX_SEED.toLocaleString('en')}.`) : change({ seed: n });
      }
      case 'max-steps': {
        if (text === '') return change({ maxSteps: undefined });
        const n = whole(text, 1, Number.MAX_SAFE_INTEGER);
        return n === undefined ? invalid('A whole number of steps, or empty for no limit.') : change({ maxSteps: n });
      }
      case 'max-time': {
        const seconds = Number(text);
        const ms = Math.round(seconds * 1000);
        return text !== '' && Number.isFinite(seconds) && ms >= 1 && ms <= MAX_TIME_MS ? change({ maxTimeMs: ms }) : invalid('Seconds, more than 0 and at most a day (86400).');
      }
      case 'trace':
        return change({ trace: (field as HTMLInputElement).checked });
      default:
        return undefined;
    }
  }
}

/** The label, the field and its description, tied together for screen readers. */
function optionElement(field: OptionField): HTMLElement {
  const id = `option-${field.name}`;
  let input: HTMLInputElement | HTMLSelectElement;
  if (field.kind === 'choice') {
    input = el('select');
    for (const choice of field.choices) input.add(new Option(`${choice.value}: ${choice.description}`, choice.value));
  } else {
    input = el('input', { type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false' });
    input.placeholder = field.fallback === '' ? 'its own choice' : field.fallback;
  }
  input.id = id;
  input.dataset.option = field.name;
  input.setAttribute('aria-describedby', `${id}-help ${id}-error`);
  return el(
    'div',
    { class: 'field' },
    el('label', { for: id }, field.label),
    input,
    el('small', { id: `${id}-help`, class: 'help' }, field.description),
    el('small', { id: `${id}-error`, class: 'field-error', 'aria-live': 'polite' }),
  );
}

function whole(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
}
