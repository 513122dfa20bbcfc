/**
 * Splits a byte stream into lines of at most `maxBytes` bytes without ever holding more: a longer
 * line is dropped as its bytes arrive, up to its newline, and reported once as too long. A line
 * is decoded as UTF-8 only once it is whole, so a character split between chunks stays whole.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  /** Dropping the rest of a line that was too long. */
  private dropping = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onTooLong: () => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const end = nl < 0 ? chunk.length : nl;
      if (!this.dropping) {
        if (this.size + (end - start) > this.maxBytes) {
          this.parts = [];
          this.size = 0;
          this.dropping = true;
        } else if (end > start) {
          this.parts.push(chunk.subarray(start, end));
          this.size += end - start;
        }
      }
      if (nl < 0) return;
      if (this.dropping) {
        this.dropping = false;
        this.onTooLong();
      } else {
        const line = Buffer.concat(this.parts, this.size).toString('utf8');
        this.parts = [];
        this.size = 0;
        if (line.trim() !== '') this.onLine(line);
      }
      start = nl + 1;
    }
  }

  /** The end of the stream: a last line without its newline is still a line. */
  end(): void {
    if (this.dropping) this.onTooLong();
    else if (this.size > 0) this.push(Buffer.from('\n'));
    this.dropping = false;
  }
}
