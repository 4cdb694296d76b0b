/**
 * The page's one source of truth: a state object replaced (never mutated) on every change, and the views
 * that draw from it told after each change. Form fields write into it; nothing reads a field to learn the state.
 */
export class Store<S extends object> {
  #state: S;
  readonly #listeners = new Set<(state: S, previous: S) => void>();

  constructor(initial: S) {
    this.#state = initial;
  }

  get state(): S {
    return this.#state;
  }

  update(change: Partial<S> | ((state: S) => Partial<S>)): void {
    const previous = this.#state;
    const patch = typeof change === 'function' ? change(previous) : change;
    this.#state = { ...previous, ...patch };
    for (const listener of this.#listeners) listener(this.#state, previous);
  }

  subscribe(listener: (state: S, previous: S) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
