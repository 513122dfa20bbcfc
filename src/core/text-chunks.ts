/**
 * An append-only list of strings kept a few objects for many: every `per` strings are joined into
 * one chunk. A server keeps a text per move of each of its thousands of games (the move, its log
 * entry) for as long as the game lasts; the garbage collector visits every object at every major
 * collection, and marking them was what stalled the event loop at a human pace (issue 16). A chunk
 * is one object for `per` texts, with their ends in one array of small integers.
 */
export class TextChunks {
  /** Joined runs of `per` texts, the oldest first. */
  private readonly chunks: string[] = [];
  /** Where each text in `chunks` ends within its chunk (one small integer per text, no object each). */
  private readonly ends: number[] = [];
  /** The texts after the last chunk (fewer than `per`). */
  private readonly open: string[] = [];

  constructor(private readonly per = TEXTS_PER_CHUNK) {
    if (!(Number.isInteger(per) && per > 0)) throw new RangeError(`chunks of ${per} texts`);
  }

  get length(): number {
    return this.chunks.length * this.per + this.open.length;
  }

  /** Text #i; a chunk's text is cut out of it at each call. */
  at(i: number): string {
    if (!(Number.isInteger(i) && i >= 0 && i < this.length)) throw new RangeError(`no text #${i} of ${this.length}`);
    const c = Math.floor(i / this.per);
    if (c === this.chunks.length) return this.open[i - c * this.per]!;
    const k = i % this.per;
    return this.chunks[c]!.slice(k === 0 ? 0 : this.ends[i - 1]!, this.ends[i]);
  }

  push(text: string): void {
    this.open.push(text);
    if (this.open.length < this.per) return;
    let end = 0;
    for (const t of this.open) this.ends.push((end += t.length));
    // A flat string: `+` would keep the pieces as a tree of objects until it is read.
    this.chunks.push(this.open.join(''));
    this.open.length = 0;
  }

  /** Keeps the first `n` texts. */
  truncate(n: number): void {
    if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`cannot keep ${n} texts`);
    if (n >= this.length) return;
    const c = Math.floor(n / this.per);
    if (c < this.chunks.length) {
      const reopened: string[] = [];
      for (let i = c * this.per; i < n; i++) reopened.push(this.at(i));
      this.chunks.length = c;
      this.ends.length = c * this.per;
      this.open.length = 0;
      this.open.push(...reopened);
    } else this.open.length = n - c * this.per;
  }
}

/** Texts per chunk: the open texts, ~per/2 of them on average, are what is left of one object per text. */
export const TEXTS_PER_CHUNK = 16;
