import type { Run } from '../run/run.js';
import { byId, el, setAttr, setText, show } from '../shared/dom.js';
import type { PageState } from '../setup/state.js';
import { captureScene, deckHtml, HANDOUT_CSS, pageStyleSheet, slideHtml, DECK_CSS, type SceneShot } from './deck.js';
import { sceneFigures } from './figures.js';
import { DEFAULT_PANELS, lectureOf, lectureText, PANELS, readLectureText, setupOfState, type Lecture, type Panel, type Scene } from './lecture.js';
import { lectureQuery, type LectureSource } from './lecture-query.js';
import { lectureLink, unpackLecture } from './link.js';
import { noteBlocks, noteNodes } from './note.js';
import { SHIPPED, shippedLecture, shippedTitle } from './shipped.js';
import { SpeakerView } from './speaker.js';
import { offerLink } from '../shared/offer-link.js';

/** What the lecture needs of the page: show a scene (its run, at its step), and what the page shows now. */
export interface LectureHost {
  /** Runs the scene's set-up (or finds its run done before), goes to its step and draws it; an error in words, if any. */
  showScene(scene: Scene): Promise<string | undefined>;
  /** The set-up and step on the page now, for a scene made from the view. */
  view(): { readonly setup: PageState; readonly position: number };
  presenting(): boolean;
  setPresenting(on: boolean): void;
  run(): Run | undefined;
  /** Something the page draws from changed: the lecture, the scene, the link. */
  changed(): void;
}

/** Where a draft lecture is kept between visits, in this browser only. */
const DRAFT_KEY = 'bezzel-lecture-draft';

const PANEL_WORDS: Readonly<Record<Panel, string>> = { figures: 'figures', log: 'step log', code: 'pseudo-code', view: "the strategy's view", tree: 'search tree', chart: 'curve', answer: 'answer' };

/**
 * A lecture on the page: scenes played with PageDown and PageUp (the keys a presenter's clicker sends), arrows and
 * Space while presenting; a progress strip; the scene's note beside the board with its figures computed from the live
 * run; a speaker view; and the editor — make a scene from the view, reorder, edit notes, save a file, copy a link,
 * export an HTML deck or print a handout.
 */
export class LectureControl {
  lecture: Lecture | undefined;
  index = 0;
  source: LectureSource | undefined;
  /** The editor is open (beside the board, while not presenting). */
  editing = false;
  /** The scene whose run is on the board, and that run, once shown; the highlights and note belong to it. */
  #shown = -1;
  #sceneRun: Run | undefined;
  #sceneError = '';
  #ticket = 0;
  #busy = false;
  #packing = 0;
  #url: string | undefined;
  readonly #speaker = new SpeakerView();

  constructor(private readonly host: LectureHost) {
    this.#fillChoices();
    byId('lecture-toggle').addEventListener('click', () => this.toggleEditor());
    byId('lecture-open').addEventListener('click', () => void this.#openChoice());
    byId('lecture-file').addEventListener('change', (event) => void this.#openFile(event.target as HTMLInputElement));
    byId('lecture-title').addEventListener('input', (event) => this.#edit((l) => ({ ...l, title: (event.target as HTMLInputElement).value })));
    byId('scene-title').addEventListener('input', (event) => this.#editScene({ title: (event.target as HTMLInputElement).value }));
    byId('scene-note-text').addEventListener('input', (event) => this.#editScene({ note: (event.target as HTMLTextAreaElement).value }));
    byId('scene-highlights').addEventListener('change', (event) => this.#editScene({ highlights: (event.target as HTMLInputElement).value.split(/[\s,]+/).filter(Boolean) }));
    byId('scene-panels').addEventListener('change', () => {
      const panels = PANELS.filter((p) => byId<HTMLInputElement>(`panel-${p}`).checked);
      this.#editScene({ panels });
    });
    byId('scene-add').addEventListener('click', () => this.#addScene());
    byId('scene-update').addEventListener('click', () => this.#editScene(this.#fromView()));
    byId('lecture-play').addEventListener('click', () => this.play());
    byId('lecture-speaker').addEventListener('click', () => this.#openSpeaker());
    byId('lecture-save').addEventListener('click', () => this.#save());
    byId('lecture-link').addEventListener('click', () => void this.#copyLink());
    byId('lecture-deck').addEventListener('click', () => void this.#exportDeck());
    byId('lecture-handout').addEventListener('click', () => void this.#printHandout());
    const style = document.createElement('style');
    style.textContent = `${DECK_CSS}\n${HANDOUT_CSS}`;
    document.head.append(style);
  }

  get active(): boolean {
    return this.lecture !== undefined;
  }

  /** The lecture is being presented: the scene's note and panels replace the page's controls. */
  get playing(): boolean {
    return this.active && this.host.presenting();
  }

  /** The link's part for the lecture at this scene, or undefined when no lecture is open (or it has no link yet). */
  query(): string | undefined {
    return this.lecture && this.source ? lectureQuery(this.source, this.index) : undefined;
  }

  /** Opens a lecture at a scene and shows that scene. */
  async open(lecture: Lecture, source: LectureSource | undefined, index = 0, history: 'push' | 'replace' | 'none' = 'replace'): Promise<void> {
    this.lecture = lecture;
    this.source = source;
    this.#shown = -1;
    setText(byId('lecture-said'), '');
    if (!source) this.#saveDraft();
    await this.go(index, history);
  }

  /** Opens what a link names: a shipped lecture or one packed into the link; the problems, if it cannot. */
  async openSource(source: LectureSource, index: number): Promise<readonly string[]> {
    const read = source.kind === 'shipped' ? shippedLecture(source.id) : await unpackLecture(source.packed);
    if (!read.ok) return read.problems;
    await this.open(read.lecture, source, Math.min(index, read.lecture.scenes.length - 1), 'replace');
    return [];
  }

  close(): void {
    this.lecture = undefined;
    this.source = undefined;
    this.#shown = -1;
    this.#speaker.close();
    this.host.changed();
  }

  toggleEditor(): void {
    this.editing = !this.editing;
    if (this.editing && this.host.presenting()) this.host.setPresenting(false);
    this.host.changed();
    if (this.editing) byId('lecture-panel').scrollIntoView({ block: 'nearest' });
  }

  /** Presents the lecture from the current scene (or a new one from the view, when none is open). */
  play(): void {
    if (!this.lecture) {
      void this.open(lectureOf('A lecture', [this.#fromView()]), undefined);
    }
    this.host.setPresenting(true);
    void this.go(this.index, 'replace');
  }

  next(): void {
    if (this.lecture && this.index < this.lecture.scenes.length - 1) void this.go(this.index + 1, 'push');
  }

  previous(): void {
    if (this.lecture && this.index > 0) void this.go(this.index - 1, 'push');
  }

  /** Shows scene `index`: its run at its step, its note and panels; `history` says how the link records it. */
  async go(index: number, history: 'push' | 'replace' | 'none'): Promise<void> {
    const lecture = this.lecture;
    if (!lecture) return;
    const ticket = ++this.#ticket;
    this.index = Math.max(0, Math.min(index, lecture.scenes.length - 1));
    const query = this.query();
    if (query && history !== 'none' && location.search !== `?${query}${this.host.presenting() ? '&present=1' : ''}`) {
      const url = `?${query}${this.host.presenting() ? '&present=1' : ''}`;
      if (history === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    }
    document.body.dataset.scene = `loading ${this.index + 1}`;
    this.#sceneError = '';
    this.host.changed();
    const error = await this.host.showScene(lecture.scenes[this.index]!);
    if (ticket !== this.#ticket) return;
    this.#shown = this.index;
    this.#sceneRun = this.host.run();
    this.#sceneError = error ?? '';
    document.body.dataset.scene = `ready ${this.index + 1}`;
    this.host.changed();
  }

  /** The squares the scene outlines, while its run is the one on the board. */
  highlights(run: Run | undefined): number[] | undefined {
    if (!this.lecture || this.#shown !== this.index || !run || run !== this.#sceneRun) return undefined;
    const board = run.setup.board;
    const squares: number[] = [];
    for (const name of this.lecture.scenes[this.index]!.highlights) {
      const square = board.parseSquare(name);
      if (square.ok) squares.push(square.value);
    }
    return squares;
  }

  /** The panels beside the board while presenting: the scene's, or the usual ones when no lecture plays. */
  panels(): readonly Panel[] {
    return this.playing ? this.lecture!.scenes[this.index]!.panels : DEFAULT_PANELS;
  }

  /** The keys of a lecture: PageDown and PageUp always; while presenting also the arrows, Space, Enter, Home, End. */
  key(event: KeyboardEvent): boolean {
    if (!this.lecture || event.altKey || event.ctrlKey || event.metaKey) return false;
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea, [role="application"], [role="tree"]')) return false;
    const playing = this.playing;
    const forward = event.key === 'PageDown' || (playing && ['ArrowRight', 'ArrowDown', ' ', 'Enter'].includes(event.key));
    const back = event.key === 'PageUp' || (playing && ['ArrowLeft', 'ArrowUp', 'Backspace'].includes(event.key));
    if (playing && target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return false;
    if (forward) this.next();
    else if (back) this.previous();
    else if (playing && event.key === 'Home') void this.go(0, 'push');
    else if (playing && event.key === 'End') void this.go(this.lecture.scenes.length - 1, 'push');
    else return false;
    event.preventDefault();
    return true;
  }

  draw(): void {
    const lecture = this.lecture;
    const playing = this.playing;
    setAttr(byId('lecture-toggle'), 'aria-pressed', String(this.editing));
    document.body.classList.toggle('lecture', this.active);
    show(byId('lecture-panel'), this.editing && !playing);
    this.#drawStrip();
    this.#drawSceneCard();
    if (this.editing && !playing) this.#drawEditor();
    if (lecture) this.#speaker.draw(lecture, this.index, this.#figures());
  }

  #figures() {
    return this.#shown === this.index ? sceneFigures(this.host.run()) : {};
  }

  #drawStrip(): void {
    const lecture = this.lecture;
    show(byId('scene-strip'), lecture !== undefined);
    if (!lecture) return;
    setText(byId('scene-where'), `${this.index + 1} / ${lecture.scenes.length}`);
    const list = byId('scene-steps');
    const key = lecture.scenes.map((s) => s.title).join('\n');
    if (list.dataset.key !== key) {
      list.dataset.key = key;
      list.replaceChildren(...lecture.scenes.map((scene, i) => {
        const button = el('button', { type: 'button', title: `${i + 1}. ${scene.title}`, 'aria-label': `Scene ${i + 1}: ${scene.title}` });
        button.addEventListener('click', () => void this.go(i, 'push'));
        return el('li', {}, button);
      }));
    }
    Array.from(list.children).forEach((li, i) => {
      const button = li.firstElementChild!;
      if (i === this.index) setAttr(button, 'aria-current', 'step');
      else button.removeAttribute('aria-current');
      li.className = i < this.index ? 'done' : i === this.index ? 'current' : '';
    });
  }

  #drawSceneCard(): void {
    const lecture = this.lecture;
    show(byId('scene-card'), lecture !== undefined);
    if (!lecture) return;
    const scene = lecture.scenes[this.index]!;
    setText(byId('scene-number'), `${this.index + 1}.`);
    setText(byId('scene-name'), scene.title);
    const figures = this.#figures();
    const note = byId('scene-note');
    const key = `${this.index}\n${scene.note}\n${JSON.stringify(figures)}`;
    if (note.dataset.key !== key) {
      note.dataset.key = key;
      note.replaceChildren(...noteNodes(noteBlocks(scene.note, figures)));
    }
    setText(byId('scene-error'), this.#sceneError);
  }

  #drawEditor(): void {
    const lecture = this.lecture;
    show(byId('scene-editor'), lecture !== undefined);
    for (const id of ['scene-update', 'lecture-speaker', 'lecture-save', 'lecture-link', 'lecture-deck', 'lecture-handout']) byId<HTMLButtonElement>(id).disabled = !lecture || this.#busy;
    setText(byId('lecture-play'), lecture ? 'Play the lecture' : 'Play this view as a lecture');
    const title = byId<HTMLInputElement>('lecture-title');
    if (document.activeElement !== title) title.value = lecture?.title ?? '';
    const list = byId('scene-list');
    const key = `${this.index}\n${lecture?.scenes.map((s) => s.title).join('\n') ?? ''}`;
    if (list.dataset.key !== key) {
      list.dataset.key = key;
      list.replaceChildren(...(lecture?.scenes ?? []).map((scene, i) => this.#sceneItem(scene, i, lecture!.scenes.length)));
    }
    if (!lecture) return;
    const scene = lecture.scenes[this.index]!;
    const fields: [string, string][] = [['scene-title', scene.title], ['scene-note-text', scene.note], ['scene-highlights', scene.highlights.join(' ')]];
    for (const [id, value] of fields) {
      const field = byId<HTMLInputElement | HTMLTextAreaElement>(id);
      if (document.activeElement !== field && field.value !== value) field.value = value;
    }
    const run = this.host.run();
    const bad = run ? scene.highlights.filter((name) => !run.setup.board.parseSquare(name).ok) : [];
    setText(byId('scene-highlights-error'), bad.length > 0 ? `Not squares of ${run!.setup.board}: ${bad.join(', ')}` : '');
    const panels = byId('scene-panels');
    if (panels.childElementCount === 0) {
      panels.replaceChildren(...PANELS.map((p) => el('label', { class: 'check', for: `panel-${p}` }, el('input', { type: 'checkbox', id: `panel-${p}`, value: p }), ` ${PANEL_WORDS[p]}`)));
    }
    for (const p of PANELS) byId<HTMLInputElement>(`panel-${p}`).checked = scene.panels.includes(p);
  }

  #sceneItem(scene: Scene, i: number, total: number): HTMLLIElement {
    const go = el('button', { type: 'button', class: 'scene-go', ...(i === this.index ? { 'aria-current': 'step' } : {}) }, `${i + 1}. ${scene.title || '(no title)'}`);
    go.addEventListener('click', () => void this.go(i, 'push'));
    const tool = (label: string, text: string, disabled: boolean, action: () => void) => {
      const b = el('button', { type: 'button', class: 'scene-tool', 'aria-label': `${label} scene ${i + 1}`, title: label }, text);
      b.disabled = disabled;
      b.addEventListener('click', action);
      return b;
    };
    return el(
      'li',
      { class: i === this.index ? 'current' : '' },
      go,
      tool('Move up', '↑', i === 0, () => this.#move(i, -1)),
      tool('Move down', '↓', i === total - 1, () => this.#move(i, 1)),
      tool('Remove', '✕', total === 1, () => this.#remove(i)),
    );
  }

  // -------------------------------------------------------------------------------------------------------
  // Editing

  /** A scene of what the page shows now: its set-up, its step and the usual panels. */
  #fromView(): Scene {
    const { setup, position } = this.host.view();
    const strategy = setup.strategy;
    return { title: `${strategy}, ${setup.width}×${setup.height}, step ${position.toLocaleString('en')}`, setup: setupOfState(setup), step: position, panels: [...DEFAULT_PANELS], highlights: [], note: '' };
  }

  #addScene(): void {
    const scene = this.#fromView();
    if (!this.lecture) {
      void this.open(lectureOf('A lecture', [scene]), undefined);
      return;
    }
    const at = this.index + 1;
    this.#edit((l) => ({ ...l, scenes: [...l.scenes.slice(0, at), scene, ...l.scenes.slice(at)] }));
    this.index = at;
    this.#shown = at;
    this.#sceneRun = this.host.run();
    this.host.changed();
  }

  #editScene(change: Partial<Scene>): void {
    const i = this.index;
    const setupChanged = change.setup !== undefined || change.step !== undefined;
    this.#edit((l) => ({ ...l, scenes: l.scenes.map((s, j) => (j === i ? { ...s, ...change } : s)) }));
    if (setupChanged) {
      this.#shown = i;
      this.#sceneRun = this.host.run();
    }
  }

  #move(i: number, delta: number): void {
    const j = i + delta;
    this.#edit((l) => {
      const scenes = [...l.scenes];
      [scenes[i], scenes[j]] = [scenes[j]!, scenes[i]!];
      return { ...l, scenes };
    });
    if (this.index === i) this.index = j;
    else if (this.index === j) this.index = i;
    this.#shown = this.#shown === i ? j : this.#shown === j ? i : this.#shown;
    this.host.changed();
  }

  #remove(i: number): void {
    const wasShown = this.index === i;
    this.#edit((l) => ({ ...l, scenes: l.scenes.filter((_, j) => j !== i) }));
    if (this.index > i || this.index >= this.lecture!.scenes.length) this.index = Math.max(0, this.index - 1);
    if (wasShown) void this.go(this.index, 'replace');
    else this.host.changed();
  }

  /** A change to the lecture: it becomes a draft of this browser's, and its link is packed again. */
  #edit(change: (lecture: Lecture) => Lecture): void {
    if (!this.lecture) return;
    this.lecture = change(this.lecture);
    this.source = undefined;
    this.#saveDraft();
    this.host.changed();
    const ticket = ++this.#packing;
    window.setTimeout(() => {
      if (ticket !== this.#packing || !this.lecture) return;
      void lectureLink(this.lecture).then((link) => {
        if (ticket !== this.#packing || !link.ok) return;
        this.source = { kind: 'packed', packed: link.query.slice(3) };
        this.host.changed();
      });
    }, 400);
  }

  #saveDraft(): void {
    try {
      if (this.lecture) localStorage.setItem(DRAFT_KEY, lectureText(this.lecture));
    } catch {
      // Storage may be off (a private window, a file page): the draft then lives as long as the page.
    }
    this.#fillChoices();
  }

  // -------------------------------------------------------------------------------------------------------
  // Files, links, decks, handouts

  #fillChoices(): void {
    const select = byId<HTMLSelectElement>('lecture-choice');
    let draft = false;
    try {
      draft = localStorage.getItem(DRAFT_KEY) !== null;
    } catch {
      draft = false;
    }
    const options = [...SHIPPED.map((l) => [l.id, shippedTitle(l.id)] as const), ...(draft ? [['draft', 'Your draft (kept in this browser)'] as const] : []), ['new', 'A new lecture, from this view'] as const];
    const key = options.map(([id]) => id).join(' ');
    if (select.dataset.key === key) return;
    select.dataset.key = key;
    const was = select.value;
    select.replaceChildren(...options.map(([id, title]) => el('option', { value: id }, title)));
    if (options.some(([id]) => id === was)) select.value = was;
  }

  async #openChoice(): Promise<void> {
    const choice = byId<HTMLSelectElement>('lecture-choice').value;
    this.#problems([]);
    if (choice === 'new') return this.open(lectureOf('A lecture', [this.#fromView()]), undefined);
    if (choice === 'draft') {
      let text = '';
      try {
        text = localStorage.getItem(DRAFT_KEY) ?? '';
      } catch {
        text = '';
      }
      const read = readLectureText(text, 'your draft');
      if (!read.ok) return this.#problems(read.problems);
      return this.open(read.lecture, undefined);
    }
    const problems = await this.openSource({ kind: 'shipped', id: choice }, 0);
    this.#problems(problems);
  }

  async #openFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    this.#problems([]);
    if (file.size > 2_000_000) return this.#problems([`${file.name} is ${Math.round(file.size / 1024).toLocaleString('en')} KB: a lecture file is a few KB of JSON; it is not read.`]);
    const read = readLectureText(await file.text(), file.name);
    if (!read.ok) return this.#problems(read.problems);
    await this.open(read.lecture, undefined);
    setText(byId('lecture-said'), `Opened ${file.name}: ${read.lecture.scenes.length} scene${read.lecture.scenes.length === 1 ? '' : 's'}.`);
  }

  #problems(problems: readonly string[]): void {
    const list = byId('lecture-problems');
    list.replaceChildren(...problems.map((p) => el('li', {}, p)));
    list.dataset.count = String(problems.length);
  }

  #save(): void {
    if (!this.lecture) return;
    this.#offer(new Blob([lectureText(this.lecture)], { type: 'application/json' }), `${fileName(this.lecture.title)}.json`);
    setText(byId('lecture-said'), 'The lecture as a file: open it again with "A file…".');
  }

  async #copyLink(): Promise<void> {
    if (!this.lecture) return;
    const link = await lectureLink(this.lecture);
    const box = byId('lecture-link-box');
    if (!link.ok) {
      show(box, false);
      setText(byId('lecture-said'), link.message);
      return;
    }
    const url = `${location.origin}${location.pathname}?${link.query}&scene=${this.index + 1}`;
    show(box, true);
    const copied = await offerLink(url, byId<HTMLInputElement>('lecture-link-text'));
    setText(byId('lecture-said'), copied ? `Copied to the clipboard (${url.length.toLocaleString('en')} characters).` : `The link (${url.length.toLocaleString('en')} characters) is selected above: copy it with Ctrl+C (or Cmd+C).`);
  }

  #openSpeaker(): void {
    if (!this.#speaker.show()) {
      setText(byId('lecture-said'), 'The browser did not open a second window (a pop-up blocker?): allow pop-ups for this page, or read the notes from the scene card.');
      return;
    }
    if (this.lecture) this.#speaker.draw(this.lecture, this.index, this.#figures());
  }

  /** Every scene shown in turn and read off the page; the page goes back to the scene it was on. */
  async #shots(): Promise<SceneShot[] | undefined> {
    const lecture = this.lecture;
    if (!lecture || this.#busy) return undefined;
    this.#busy = true;
    const back = this.index;
    const shots: SceneShot[] = [];
    const result = byId('lecture-download');
    result.dataset.state = 'working';
    try {
      for (let i = 0; i < lecture.scenes.length; i++) {
        setText(byId('lecture-said'), `Drawing scene ${i + 1} of ${lecture.scenes.length}…`);
        await this.go(i, 'none');
        await frame();
        const scene = lecture.scenes[i]!;
        shots.push(captureScene(i, scene.title, scene.note, this.#figures(), scene.panels));
      }
    } finally {
      this.#busy = false;
      await this.go(back, 'replace');
    }
    return shots;
  }

  async #exportDeck(): Promise<void> {
    const lecture = this.lecture;
    const shots = await this.#shots();
    if (!lecture || !shots) return;
    const html = deckHtml(lecture, shots, pageStyleSheet());
    this.#offer(new Blob([html], { type: 'text/html' }), `${fileName(lecture.title)}.html`);
    setText(byId('lecture-said'), `An HTML deck of ${shots.length} scenes (${Math.max(1, Math.round(html.length / 1024)).toLocaleString('en')} KB): it opens from the file, with no server and no network.`);
    byId('lecture-download').dataset.state = 'done';
  }

  async #printHandout(): Promise<void> {
    const lecture = this.lecture;
    const shots = await this.#shots();
    if (!lecture || !shots) return;
    const handout = byId('handout');
    handout.innerHTML = shots.map((shot, i) => slideHtml(shot, i, shots.length, true)).join('');
    handout.dataset.scenes = String(shots.length);
    setText(byId('lecture-said'), `A handout of ${shots.length} pages, one a scene: print it, or choose "Save as PDF" in the print dialog.`);
    byId('lecture-download').dataset.state = 'done';
    window.print();
  }

  #offer(blob: Blob, name: string): void {
    if (this.#url) URL.revokeObjectURL(this.#url);
    this.#url = URL.createObjectURL(blob);
    const link = byId<HTMLAnchorElement>('lecture-download');
    link.href = this.#url;
    link.download = name;
    setText(link, `Download ${name} (${Math.max(1, Math.round(blob.size / 1024)).toLocaleString('en')} KB)`);
    show(link, true);
  }
}

/** A file name from a title: letters, digits and dashes. */
function fileName(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'lecture';
}

function frame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}
