// A one-line progress bar on stderr for long runs (many files). It draws only on a terminal
// (or when forced), never on stdout, so JSON Lines output stays clean.
import type { WriteStream } from 'node:tty';

/** A progress bar over a known number of steps. */
export class ProgressBar {
  private done = 0;
  private lastDraw = 0;
  private readonly started = Date.now();

  constructor(
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream | WriteStream = process.stderr,
    private readonly enabled = stream.isTTY === true,
  ) {}

  /** Marks one step done, labelled with what was just finished. */
  tick(label: string): void {
    this.done++;
    const now = Date.now();
    if (!this.enabled || (now - this.lastDraw < 80 && this.done < this.total)) return;
    this.lastDraw = now;
    const width = 28;
    const filled = Math.round((this.done / this.total) * width);
    const elapsed = (now - this.started) / 1000;
    const rate = this.done / Math.max(elapsed, 0.001);
    const eta = rate > 0 ? Math.round((this.total - this.done) / rate) : 0;
    const name = label.length > 30 ? `…${label.slice(-29)}` : label;
    this.stream.write(`\r\x1b[2K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${this.done}/${this.total} ${rate.toFixed(1)}/s eta ${eta}s ${name}`);
  }

  /** Clears the bar. */
  finish(): void {
    if (this.enabled) this.stream.write('\r\x1b[2K');
  }
}
