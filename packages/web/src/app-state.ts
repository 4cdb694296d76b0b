import type { Hint } from './play/hint.js';
import type { Attempt } from './play/play.js';
import type { Fewest } from './play/play-domination.js';
import type { Run } from './run/run.js';
import type { SetupCheck } from './setup/setup-check.js';
import type { PageState } from './setup/state.js';

export type Mode = 'watch' | 'solutions' | 'play' | 'compare';

/** The gallery of the run on the board: built from its solutions, or from a run that lists them all. */
export type GalleryState =
  | { readonly status: 'none' }
  | { readonly status: 'listing' }
  | { readonly status: 'shown'; readonly element: HTMLElement; readonly classes: number; readonly solutions: number; readonly noun: string; /** How many there are in all, when more than were kept and grouped. */ readonly total?: number; /** The classes of all of them, when a count found them cheaply. */ readonly classesOfAll?: number }
  | { readonly status: 'unavailable'; readonly message: string };

/** Everything the page shows is drawn from this; every control changes it through the store. */
export interface AppState {
  /** The set-up, as the form shows it and the link carries it. */
  readonly setup: PageState;
  /** Fields whose text cannot be read, by id, with the reason; the form keeps their text. */
  readonly invalid: Readonly<Record<string, string>>;
  /** The set-up checked against the registry (the board and piece to draw, or why it cannot run). */
  readonly checked: SetupCheck | undefined;
  readonly mode: Mode;
  /** Messages about the link or the page itself, shown above everything. */
  readonly notices: readonly string[];
  /** The run on the board; a new one replaces it and its answer. */
  readonly run: Run | undefined;
  /** A message that stands instead of a result: a set-up that cannot run. */
  readonly error: string | undefined;
  readonly gallery: GalleryState;
  readonly attempt: Attempt;
  /** Why the last click in play mode was refused. */
  readonly refused: string | undefined;
  readonly hint: Hint | undefined;
  readonly hinting: boolean;
  /** Domination in play mode: the fewest pieces of the puzzle with this key (its board, piece and variant). */
  readonly fewest: { readonly key: string; readonly value: Fewest } | undefined;
}
