import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, formatState, formatView, MINIMUM_GOALS, PAGE_GOALS, parseState, viewAsked, type PageState } from './state.js';

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);
const state: fc.Arbitrary<PageState> = fc.record({
  problem: fc.constantFrom('placement' as const, 'tour' as const, 'dominate' as const),
  piece: fc.oneof(name, name.map((n) => `betza:${n.toUpperCase()}`), fc.constant('betza:(4,1)')),
  width: fc.integer({ min: 1, max: 1_000_000 }),
  height: fc.integer({ min: 1, max: 1_000_000 }),
  k: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
  start: fc.constantFrom('', 'a1', 'h8', '(0,0)', '(12,7)'),
  closed: fc.boolean(),
  variant: fc.constantFrom('plain' as const, 'independent' as const, 'total' as const),
  goal: fc.constantFrom(...PAGE_GOALS),
  strategy: fc.oneof(fc.constant('auto'), name),
  options: fc.dictionary(name, fc.stringMatching(/^[\w.-]{0,12}$/), { maxKeys: 3 }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  maxSteps: fc.option(fc.integer({ min: 1, max: 1e12 }), { nil: undefined }),
  maxTimeMs: fc.integer({ min: 1, max: 3_600_000 }),
  trace: fc.boolean(),
  // A domination goal that finds the number of pieces takes no k (a link that gives one is told so).
}).map((s) => (s.problem === 'dominate' && MINIMUM_GOALS.includes(s.goal) ? { ...s, k: undefined } : s));

describe('URL state', () => {
  it('reads back exactly what it wrote, with no issues, and the step to open at', () => {
    fc.assert(
      fc.property(state, fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: undefined }), (s, at) => {
        expect(parseState(`?${formatState(s, at)}`)).toEqual({ state: s, at, issues: [] });
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('falls back to the defaults for an empty query, silently', () => {
    expect(parseState('')).toEqual({ state: DEFAULT_STATE, at: undefined, issues: [] });
  });

  it('falls back to the defaults for a broken query, saying so once for each parameter it could not use', () => {
    const broken = parseState('w=-3&h=abc&goal=everything&seed=1.5&problem=maze&piece=<script>&ms=0&at=-1&trace=yes&zoom=2&w=9');
    expect(broken.state).toEqual(DEFAULT_STATE);
    expect(broken.issues).toEqual([
      'The link has a parameter “zoom” that the page does not know; it is ignored.',
      'The link gives “w” more than once; the first is used.',
      'The link asks for a problem “maze”; the page knows placement, tour, dominate, so placement is used.',
      'The link sets the board width to “-3”; it must be a whole number from 1 to 1,000,000, so the default is used.',
      'The link asks for a piece “<script>”, which is not a name the page can use; queen is used.',
      'The link sets the board height to “abc”; it must be a whole number from 1 to 1,000,000, so the default is used.',
      'The link asks for a goal “everything”; the page knows one, all, count, count-fundamental, maximum, minimum, count-minimum, count-minimum-fundamental, so all is used.',
      'The link sets the seed to “1.5”; it must be a whole number from 0 to 4,294,967,295, so the default is used.',
      'The link sets the time limit in milliseconds to “0”; it must be a whole number from 1 to 86,400,000, so the default is used.',
      'The link sets trace to “yes”; it must be 1 or 0, so 1 is used.',
      'The link sets the step to open at to “-1”; it must be a whole number from 0 to 9,007,199,254,740,991, so the default is used.',
    ]);
  });

  it('never throws, and says something about every parameter it did not take, for any query at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (query) => {
        const { state, issues } = parseState(query);
        expect(state.width).toBeGreaterThanOrEqual(1);
        expect(issues.every((i) => i.length < 400 && !/[\u0000-\u001f]/.test(i))).toBe(true);
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('reads a hand-written teacher link', () => {
    const { state: s, issues } = parseState('problem=tour&piece=knight&w=6&start=a1&closed=1&goal=one&o.ordering=warnsdorff&seed=42&trace=0');
    expect(s).toMatchObject({ problem: 'tour', piece: 'knight', width: 6, height: 6, start: 'a1', closed: true, goal: 'one', options: { ordering: 'warnsdorff' }, seed: 42, trace: false });
    expect(issues).toEqual([]);
  });

  it('defaults the piece by problem: queens to place, a knight to tour', () => {
    expect(parseState('problem=tour').state.piece).toBe('knight');
    expect(parseState('problem=placement').state.piece).toBe('queen');
  });

  it('reads a domination link: the variant, and by default the fewest queens by the exact search', () => {
    const { state: s, issues } = parseState('problem=dominate&variant=total&w=8');
    expect(s).toMatchObject({ problem: 'dominate', piece: 'queen', variant: 'total', goal: 'minimum', strategy: 'cover-search', k: undefined });
    expect(issues).toEqual([]);
    expect(formatState(s)).toMatch(/^problem=dominate&piece=queen&w=8&h=8&variant=total&goal=minimum&strategy=cover-search&/);
    // Plain domination, like every problem's default, is left out of the link.
    expect(formatState({ ...s, variant: 'plain' })).not.toContain('variant');
  });

  it('says what it cannot use in a domination link: an unknown variant, a k beside a goal that finds k', () => {
    const { state: s, issues } = parseState('problem=dominate&variant=partial&goal=count-minimum&k=5');
    expect(s).toMatchObject({ variant: 'plain', goal: 'count-minimum', k: undefined });
    expect(issues).toEqual([
      'The link asks for a domination variant “partial”; the page knows plain, independent, total, so plain is used.',
      'The link sets the number of pieces to 5, but goal count-minimum finds the number itself; it is left out.',
    ]);
    // A goal that counts sets of a given size keeps its k.
    expect(parseState('problem=dominate&goal=count&k=5').state).toMatchObject({ goal: 'count', k: 5 });
  });
});

describe('the view a link opens on (tab=, play=)', () => {
  it('reads the tab and a play attempt, and leaves out what does not fit the board', () => {
    expect(viewAsked('?tab=play&play=0-10', 64, false)).toEqual({ tab: 'play', play: [0, 10], issues: [] });
    expect(viewAsked('?tab=solutions', 64, false)).toEqual({ tab: 'solutions', play: [], issues: [] });
    expect(viewAsked('?tab=watch&present=1', 64, false)).toEqual({ tab: undefined, play: [], issues: [] });
    expect(viewAsked('?tab=__proto__&play=0-64', 64, false)).toEqual({
      tab: undefined,
      play: [],
      issues: ['The link asks for the tab “__proto__”; the page has watch, solutions, play, compare, so it opens on Watch.', "The link's play attempt has square 64, off a board of 64 squares (numbered from 0); it is left out."],
    });
    expect(viewAsked('?present=yes&play=banana', 64, false).issues).toEqual([
      'The link sets present to “yes”; it must be 1 or 0, so the page is not in presentation mode.',
      'The link\'s play attempt “banana” is not square numbers joined by “-” (at most 10,000 of them); it is left out.',
    ]);
    expect(viewAsked('?play=3-3', 64, false).issues).toEqual(["The link's play attempt places two pieces on one square; it is left out."]);
    expect(viewAsked('?play=3-3', 64, false).play).toEqual([]);
    expect(viewAsked(`?play=${'3-'.repeat(10_000)}3`, 64, true).issues[0]).toMatch(/is not square numbers joined by “-” \(at most 10,000 of them\)/);
    expect(viewAsked('?play=0-17-0', 64, true).play).toEqual([0, 17, 0]);
    expect(viewAsked('?play=-1&play=1e3', 64, false).play).toEqual([]);
    expect(formatView('play', [0, 10])).toBe('&tab=play&play=0-10');
    expect(formatView('watch', [])).toBe('');
  });
});
