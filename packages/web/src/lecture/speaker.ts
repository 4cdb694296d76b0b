import type { Lecture } from './lecture.js';
import { noteBlocks, noteNodes, type Figures } from './note.js';

const STYLE = `
body { font: 20px/1.4 system-ui, 'DejaVu Sans', sans-serif; margin: 0; padding: 1rem 1.4rem; color: #1d2530; background: #fbfaf7; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; border-bottom: 2px solid #d6d9de; padding-bottom: 0.4rem; }
h1 { font-size: 1.5rem; margin: 0; } h2 { font-size: 1.15rem; margin: 1rem 0 0.3rem; color: #5a6472; }
.now { font-size: 1.35rem; } .next { color: #3a4350; } code { font-size: 0.95em; background: #f0f1f3; padding: 0 0.2em; border-radius: 3px; }
.clock { font-variant-numeric: tabular-nums; font-size: 1.4rem; color: #1f3a5f; } button { font: inherit; }
`;

/**
 * The speaker view: a second window (where the browser allows one) with this scene's note, the next scene's title
 * and note, where the lecture is and the time since it started. The page writes into it as the scenes change; a
 * window opened from the page shares its origin, so it needs no page of its own and works from a file too.
 */
export class SpeakerView {
  #window: Window | null = null;
  #started = 0;
  #timer = 0;

  get open(): boolean {
    return this.#window !== null && !this.#window.closed;
  }

  /** Opens the window (or brings it forward); false when the browser refused a window. */
  show(): boolean {
    if (this.open) {
      this.#window!.focus();
      return true;
    }
    const opened = window.open('', 'bezzel-speaker', 'popup,width=720,height=560');
    if (!opened) return false;
    this.#window = opened;
    const doc = opened.document;
    doc.title = 'Bezzel: speaker view';
    const style = doc.createElement('style');
    style.textContent = STYLE;
    doc.head.replaceChildren(style);
    doc.body.replaceChildren();
    this.#started = Date.now();
    clearInterval(this.#timer);
    this.#timer = window.setInterval(() => this.#tick(), 1000);
    return true;
  }

  close(): void {
    clearInterval(this.#timer);
    this.#window?.close();
    this.#window = null;
  }

  /** Shows scene `index` of the lecture: its note with the live figures, and the next scene. */
  draw(lecture: Lecture, index: number, figures: Figures): void {
    if (!this.open) return;
    const doc = this.#window!.document;
    const make = <K extends keyof HTMLElementTagNameMap>(tag: K, text = '', cls = '') => {
      const e = doc.createElement(tag);
      if (text) e.textContent = text;
      if (cls) e.className = cls;
      return e;
    };
    const scene = lecture.scenes[index]!;
    const next = lecture.scenes[index + 1];
    const header = make('header');
    header.append(make('h1', `${index + 1} / ${lecture.scenes.length}: ${scene.title}`), make('span', '', 'clock'));
    const now = make('section', '', 'now');
    now.id = 'speaker-note';
    now.append(...adopt(doc, noteNodes(noteBlocks(scene.note, figures))));
    const after = make('section', '', 'next');
    after.id = 'speaker-next';
    if (next) after.append(make('h2', `Next: ${next.title}`), ...adopt(doc, noteNodes(noteBlocks(next.note))));
    else after.append(make('h2', 'This is the last scene.'));
    doc.body.replaceChildren(header, now, after);
    this.#tick();
  }

  #tick(): void {
    if (!this.open) {
      clearInterval(this.#timer);
      return;
    }
    const clock = this.#window!.document.querySelector('.clock');
    const seconds = Math.floor((Date.now() - this.#started) / 1000);
    if (clock) clock.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  }
}

/** Nodes made in this document, moved into the speaker's. */
function adopt(doc: Document, nodes: Node[]): Node[] {
  return nodes.map((n) => doc.importNode(n, true));
}
