/**
 * A question set: a teacher's run of Predict questions, the next `count` the strategy's steps pose from step `from`
 * of a set-up, shared as a link (`quiz=FROM-COUNT` beside the set-up). A student answers them; the score is kept in
 * this browser (the best and the last) and can be sent back as a link (`scored=RIGHT-ASKED`), which says what the
 * sender scored — a link is not a proof, and the page says so.
 */
export interface QuestionSet {
  /** The step the set starts at: its first question is the first the strategy poses from there. */
  readonly from: number;
  readonly count: number;
}

export interface Score {
  readonly right: number;
  readonly asked: number;
}

/** Questions a set may hold. */
export const MAX_SET = 50;
/** Questions a set holds unless the teacher says otherwise. */
export const DEFAULT_SET = 10;

/** The set and the shared score a link asks for, and one sentence for each parameter that could not be used. */
export function setAsked(query: string): { readonly set: QuestionSet | undefined; readonly shared: Score | undefined; readonly issues: readonly string[] } {
  const q = new URLSearchParams(query);
  const issues: string[] = [];
  const quiz = q.get('quiz');
  let set: QuestionSet | undefined;
  if (quiz !== null) {
    const m = /^(\d{1,9})-(\d{1,3})$/.exec(quiz);
    const count = m ? Number(m[2]) : 0;
    if (!m || count < 1 || count > MAX_SET) issues.push(`The link's question set "${quiz.slice(0, 40)}" must be a step and a number of questions from 1 to ${MAX_SET}, such as quiz=12-10; the page opens without it.`);
    else set = { from: Number(m[1]), count };
  }
  const scored = q.get('scored');
  let shared: Score | undefined;
  if (scored !== null) {
    const m = /^(\d{1,3})-(\d{1,3})$/.exec(scored);
    const right = m ? Number(m[1]) : 0;
    const asked = m ? Number(m[2]) : 0;
    if (!m || right > asked || asked > MAX_SET || !set || asked > set.count) issues.push(`The link's score "${scored.slice(0, 40)}" must be the questions right and asked of its question set, such as scored=7-10; it is left out.`);
    else shared = { right, asked };
  }
  return { set, shared, issues };
}

/** The link's parameters for a set, and a score when one is sent back. */
export function setQuery(set: QuestionSet, score?: Score): string {
  return `&quiz=${set.from}-${set.count}${score ? `&scored=${score.right}-${score.asked}` : ''}`;
}

/** What this browser keeps of a set: the best score, the last, and how many times it was finished. */
export interface SetRecord {
  readonly best: Score;
  readonly last: Score;
  readonly times: number;
}

const PREFIX = 'bezzel.quiz:';

/** The record kept for a set (its key: the set-up's link with the set's parameters), if any and if storage works. */
export function savedScore(key: string, storage: Storage | undefined = localStorageOrNone()): SetRecord | undefined {
  try {
    const text = storage?.getItem(PREFIX + key);
    if (!text) return undefined;
    const record = JSON.parse(text) as Partial<SetRecord>;
    const ok = (s: unknown): s is Score => typeof s === 'object' && s !== null && Number.isInteger((s as Score).right) && Number.isInteger((s as Score).asked);
    return ok(record.best) && ok(record.last) && Number.isInteger(record.times) ? (record as SetRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** Records a finished set's score and returns the record (kept only in memory where the browser keeps nothing). */
export function saveScore(key: string, score: Score, storage: Storage | undefined = localStorageOrNone()): SetRecord {
  const before = savedScore(key, storage);
  const better = !before || score.right / Math.max(1, score.asked) > before.best.right / Math.max(1, before.best.asked);
  const record: SetRecord = { best: better ? score : before.best, last: score, times: (before?.times ?? 0) + 1 };
  try {
    storage?.setItem(PREFIX + key, JSON.stringify(record));
  } catch {
    // Storage full or refused (a private window): the score is still shown, only not kept.
  }
  return record;
}

function localStorageOrNone(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
