import { GOALS, optionList, type Bezzel, type Goal, type ProblemKind } from '@bezzel/core';
import { BETZA_PREFIX } from './plugins.js';
import { DEFAULT_STATE, type PageState } from './state.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = (id: string) => $<HTMLInputElement>(id);
const select = (id: string) => $<HTMLSelectElement>(id);

const BETZA_CHOICE = 'betza';

/** The set-up form: filled from the registry (pieces, strategies, their options and parts), read into a PageState. */
export class SetupForm {
  constructor(private readonly bezzel: Bezzel) {
    select('goal').replaceChildren(...GOALS.map((g) => new Option(g, g)));
    const pieces = bezzel.pieces.map((p) => new Option(`${p.name} (${p.symbols.unicode})`, p.id));
    select('piece').replaceChildren(...pieces, new Option('Betza notation…', BETZA_CHOICE));
  }

  write(state: PageState): void {
    select('problem').value = state.problem;
    const betza = state.piece.startsWith(BETZA_PREFIX);
    select('piece').value = betza ? BETZA_CHOICE : state.piece;
    input('betza').value = betza ? state.piece.slice(BETZA_PREFIX.length) : '';
    input('width').value = String(state.width);
    input('height').value = String(state.height);
    input('k').value = state.k === undefined ? '' : String(state.k);
    input('start').value = state.start;
    input('closed').checked = state.closed;
    select('goal').value = state.goal;
    this.#fillStrategies(state.problem, state.strategy);
    this.#fillOptions(state.options);
    input('seed').value = String(state.seed);
    input('max-steps').value = state.maxSteps === undefined ? '' : String(state.maxSteps);
    input('max-time').value = String(state.maxTimeMs / 1000);
    input('trace').checked = state.trace;
    this.#showFor(state);
  }

  read(): PageState {
    const problem = select('problem').value as ProblemKind;
    const pieceChoice = select('piece').value;
    const whole = (id: string) => {
      const n = Number(input(id).value);
      return input(id).value.trim() !== '' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
    };
    const options: Record<string, string> = {};
    for (const field of Array.from($('options').querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-option]'))) {
      if (field.value !== '' && field.value !== field.dataset.default) options[field.dataset.option!] = field.value;
    }
    const width = Math.max(1, whole('width') ?? DEFAULT_STATE.width);
    const seconds = Number(input('max-time').value);
    return {
      problem,
      piece: pieceChoice === BETZA_CHOICE ? BETZA_PREFIX + input('betza').value.trim() : pieceChoice,
      width,
      height: Math.max(1, whole('height') ?? width),
      k: problem === 'placement' ? whole('k') : undefined,
      start: problem === 'tour' ? input('start').value.trim() : '',
      closed: problem === 'tour' && input('closed').checked,
      goal: select('goal').value as Goal,
      strategy: select('strategy').value,
      options,
      seed: whole('seed') ?? DEFAULT_STATE.seed,
      maxSteps: whole('max-steps') || undefined,
      maxTimeMs: seconds > 0 ? Math.round(seconds * 1000) : DEFAULT_STATE.maxTimeMs,
      trace: input('trace').checked,
    };
  }

  /** After a change: strategies for the problem kind, that strategy's options, the fields that apply. */
  refresh(): PageState {
    const before = this.read();
    this.#fillStrategies(before.problem, before.strategy);
    this.#fillOptions(before.options);
    const state = this.read();
    this.#showFor(state);
    return state;
  }

  #showFor(state: PageState): void {
    document.body.classList.toggle('placement', state.problem === 'placement');
    document.body.classList.toggle('tour', state.problem === 'tour');
    document.body.classList.toggle('betza', state.piece.startsWith(BETZA_PREFIX));
  }

  #fillStrategies(problem: ProblemKind, chosen: string): void {
    const fitting = this.bezzel.strategies.filter((s) => s.meta.problems.includes(problem));
    const ids = ['auto', ...fitting.map((s) => s.meta.id)];
    select('strategy').replaceChildren(...ids.map((id) => new Option(id, id)));
    select('strategy').value = ids.includes(chosen) ? chosen : ids.includes('backtracking') ? 'backtracking' : 'auto';
    for (const option of Array.from(select('strategy').options)) {
      option.title = this.bezzel.strategy(option.value)?.meta.description ?? 'the cheapest strategy that supports the problem';
    }
  }

  /** One field per declared option: a choice among registered parts, or free text. */
  #fillOptions(values: Readonly<Record<string, string>>): void {
    const strategy = this.bezzel.strategy(select('strategy').value);
    const fields = (strategy ? optionList(strategy.meta) : []).filter((option) => !option.internal).map((option) => {
      const label = document.createElement('label');
      label.title = option.description;
      const fallback = option.default === undefined ? '' : String(option.default);
      let field: HTMLInputElement | HTMLSelectElement;
      if (option.partKind) {
        field = document.createElement('select');
        for (const part of this.bezzel.partsOf(option.partKind)) field.add(new Option(part.id, part.id));
        field.title = this.bezzel.partsOf(option.partKind).map((p) => `${p.id}: ${p.description}`).join('\n');
      } else {
        field = document.createElement('input');
        field.placeholder = fallback;
      }
      field.dataset.option = option.name;
      field.dataset.default = fallback;
      field.id = `option-${option.name}`;
      field.value = values[option.name] ?? fallback;
      label.append(option.name, ' ', field);
      return label;
    });
    $('options').replaceChildren(...fields);
  }
}
