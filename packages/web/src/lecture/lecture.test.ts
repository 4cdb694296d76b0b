import { describe, expect, it } from 'vitest';
import { checkSetup } from '../setup/setup-check.js';
import { formatState, parseState } from '../setup/state.js';
import { LECTURE_FORMAT, lectureOf, lectureText, readLecture, readLectureText, sceneState, setupOfState, type Scene } from './lecture.js';
import { lectureAsked, lectureQuery } from './lecture-query.js';
import { lectureLink, MAX_LINK_CHARS, packLecture, unpackLecture } from './link.js';
import { fillFigures, noteBlocks, noteHtml } from './note.js';
import { SHIPPED, shippedLecture } from './shipped.js';

const scene: Scene = { title: 'Backtracking', setup: { problem: 'placement', width: 8, goal: 'all', strategy: 'backtracking' }, step: 13, panels: ['log', 'code', 'view'], highlights: ['f7'], note: '{solutions} solutions in {nodes} nodes.' };
const lecture = lectureOf('A test', [scene, { ...scene, title: 'The end', step: 'end' }]);

describe('a lecture file', () => {
  it('reads back what it writes, and fills in what a scene leaves out', () => {
    expect(readLectureText(lectureText(lecture))).toEqual({ ok: true, lecture });
    const bare = readLecture({ format: LECTURE_FORMAT, version: 1, title: 't', scenes: [{ title: 's', setup: { problem: 'tour', width: 6, strategy: 'warnsdorff' } }] });
    expect(bare.ok && bare.lecture.scenes[0]).toEqual({ title: 's', setup: { problem: 'tour', width: 6, strategy: 'warnsdorff' }, step: 'open', panels: ['log', 'code', 'view'], highlights: [], note: '' });
  });

  it('names every field that is wrong, one line each, with the value it found', () => {
    const bad = readLecture({
      format: LECTURE_FORMAT,
      version: 1,
      title: 7,
      scenes: [
        { title: 'ok', setup: { problem: 'placement', width: 0, strategy: 'backtracking', seed: -1 }, step: 'middle', panels: ['log', 'log'] },
        { title: 'two', setup: { problem: 'knights', width: 8, strategy: 'x' }, note: 'In {nodez} nodes', colour: 'red' },
      ],
    }, 'bad.json');
    expect(bad.ok).toBe(false);
    const problems = bad.ok ? [] : bad.problems;
    expect(problems).toEqual(expect.arrayContaining([
      'bad.json: title must be text, not 7.',
      'bad.json: scenes[0].setup.width must be a whole number from 1 to 1,000,000, not 0.',
      'bad.json: scenes[0].setup.seed must be a whole number from 0 to 4,294,967,295, not -1.',
      'bad.json: scenes[0].step must be a whole number of steps, or one of start, open, solution, end, not "middle".',
      'bad.json: scenes[0].panels names a panel twice.',
      'bad.json: scenes[1].setup.problem must be one of placement, tour, dominate, not "knights".',
      'bad.json: scenes[1].note names {nodez}, which the page does not fill in (it knows {step}, {steps}, {depth}, {h}, {nodes}, {solutions}, {backtracks}, {restarts}, {moves}, {generations}, {pieces}, {status}).',
      'bad.json: scenes[1] has no field "colour" (a scene has title, setup, step, panels, highlights, note).',
    ]));
    expect(problems.length).toBe(8);
  });

  it('says plainly what is not a lecture at all: not JSON, another format, a newer version, no scenes', () => {
    expect(readLectureText('{ nope', 'x.json')).toMatchObject({ ok: false, problems: [expect.stringMatching(/^x\.json is not JSON: /)] });
    expect(readLecture({ format: 'bezzel-experiment' }, 'x.json')).toEqual({ ok: false, problems: ['x.json is not a Bezzel lecture: its format must be "bezzel-lecture", not "bezzel-experiment".'] });
    expect(readLecture({ format: LECTURE_FORMAT, version: 2, title: 't', scenes: [] }, 'x.json')).toEqual({ ok: false, problems: ['x.json is a lecture of version 2, written by a newer page; this page reads version 1.'] });
    expect(readLecture({ format: LECTURE_FORMAT, version: 1, title: 't', scenes: [] }, 'x.json')).toEqual({ ok: false, problems: ['x.json: scenes must hold at least one scene.'] });
    expect(readLecture([], 'x.json')).toMatchObject({ ok: false });
  });

  it("turns a scene's set-up into the page's and back, the defaults left out", () => {
    const state = sceneState({ problem: 'placement', width: 8, strategy: 'hill-climbing', options: { sideways: 0 }, seed: 3 });
    expect(state).toMatchObject({ problem: 'placement', piece: 'queen', width: 8, height: 8, goal: 'one', strategy: 'hill-climbing', options: { sideways: '0' }, seed: 3, trace: true });
    expect(setupOfState(state)).toEqual({ problem: 'placement', width: 8, strategy: 'hill-climbing', options: { sideways: '0' }, seed: 3 });
    // A page set-up read from a link survives the round trip through a scene.
    const linked = parseState('?problem=tour&piece=knight&w=6&h=5&start=a1&closed=0&goal=one&strategy=warnsdorff&seed=9&ms=2000&trace=1').state;
    expect(formatState(sceneState(setupOfState(linked)))).toBe(formatState(linked));
  });
});

describe('a lecture as a link', () => {
  it('packs into lz= and unpacks to the same lecture; the scene rides along as scene=', async () => {
    const link = await lectureLink(lecture);
    expect(link.ok).toBe(true);
    if (!link.ok) return;
    const asked = lectureAsked(`?${link.query}&scene=2`);
    expect(asked.issues).toEqual([]);
    expect(asked.scene).toBe(1);
    expect(asked.source?.kind).toBe('packed');
    expect(await unpackLecture((asked.source as { packed: string }).packed)).toEqual({ ok: true, lecture });
    expect(lectureQuery({ kind: 'shipped', id: 'search' }, 4)).toBe('lecture=search&scene=5');
  });

  it('refuses a lecture too long for a link, saying to save it as a file', async () => {
    // Notes of random letters do not compress: 40 scenes of 1,000 characters pass the guard.
    let seed = 7;
    const noise = () => Array.from({ length: 1000 }, () => String.fromCharCode(97 + (((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24) % 26))).join('');
    const long = lectureOf('Long', Array.from({ length: 40 }, (_, i) => ({ ...scene, title: `scene ${i}`, note: noise() })));
    const link = await lectureLink(long);
    expect(link.ok).toBe(false);
    expect(!link.ok && link.message).toMatch(new RegExp(`more than the ${MAX_LINK_CHARS.toLocaleString('en')} a link can safely carry: save it as a file`));
  });

  it('says what is wrong with a damaged link, and will not inflate a bomb', async () => {
    expect(await unpackLecture('not base64!')).toMatchObject({ ok: false, problems: [expect.stringMatching(/not a packed lecture/)] });
    const packed = await packLecture(lecture);
    expect(await unpackLecture(packed.slice(0, packed.length - 12))).toMatchObject({ ok: false, problems: [expect.stringMatching(/cut short or changed|not JSON/)] });
    // Two megabytes of spaces pack into a few KB; the page stops inflating at one.
    const bytes = new TextEncoder().encode(' '.repeat(2_000_000));
    const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bomb = Buffer.from(await new Response(stream).arrayBuffer()).toString('base64url');
    expect(bomb.length).toBeLessThan(10_000);
    expect(await unpackLecture(bomb)).toMatchObject({ ok: false, problems: [expect.stringMatching(/unpacks to more than 1,000,000 bytes/)] });
    expect(lectureAsked('?lecture=Nope!&scene=0').issues.length).toBe(2);
  });
});

describe('a note', () => {
  it('fills in figures and reads a little Markdown, escaping everything else', () => {
    expect(fillFigures('{solutions} in {nodes}; {unknown}', { solutions: '92', nodes: '2,056' })).toBe('92 in 2,056; {unknown}');
    const blocks = noteBlocks('**Bold** and *it* and `code` <b>\n\n- one\n- two', {});
    expect(noteHtml(blocks)).toBe('<p><strong>Bold</strong> and <em>it</em> and <code>code</code> &lt;b&gt;</p><ul><li>one</li><li>two</li></ul>');
  });
});

describe('the lectures that ship with the page', () => {
  for (const { id } of SHIPPED) {
    it(`${id}: reads as any lecture file is read, and every scene's set-up can run`, async () => {
      const read = shippedLecture(id);
      expect(read.ok ? [] : read.problems).toEqual([]);
      if (!read.ok) return;
      for (const [i, s] of read.lecture.scenes.entries()) {
        const checked = await checkSetup(sceneState(s.setup));
        expect(checked.ok ? '' : checked.message, `scene ${i + 1}: ${s.title}`).toBe('');
      }
    });
  }
});
