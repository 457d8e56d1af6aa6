// Which software wrote a PDF, from what it leaves in the bytes rather than what its metadata
// claims: the binary comment a writer puts on the line after the `%PDF-` header (each writer has
// its own four bytes), and whether a page-layout engine that paints in layers (a web browser's
// print: Chrome's Skia, Firefox's cairo) wrote the whole file in one save.
import { startsWithAscii } from '../../bytes.js';
import type { PdfCheckContext } from '../contexts.js';

/**
 * The bytes of the comment on the line after the header (`%PDF-1.x`), without its `%`; undefined
 * when that line is no comment. Read from the first kilobyte.
 */
export function headerComment(data: Uint8Array): Uint8Array | undefined {
  const head = data.subarray(0, 1024);
  let i = 0;
  // "%PDF-", its version, the end of its line
  while (i + 5 <= head.length && !startsWithAscii(head, i, '%PDF-')) i++;
  while (i < head.length && head[i] !== 0x0a && head[i] !== 0x0d) i++;
  while (i < head.length && (head[i] === 0x0a || head[i] === 0x0d)) i++;
  if (head[i] !== 0x25) return undefined;
  let end = i + 1;
  while (end < head.length && head[end] !== 0x0a && head[end] !== 0x0d) end++;
  return head.subarray(i + 1, end);
}

/** True when the header comment of `data` is exactly `mark`. */
export function headerMarked(data: Uint8Array, mark: readonly number[]): boolean {
  const comment = headerComment(data);
  return comment !== undefined && comment.length === mark.length && mark.every((b, k) => comment[k] === b);
}

/**
 * Browsers' print engines, by the Producer they name and the mark they write (checked against
 * their output: Chrome and Edge print through Skia, Firefox through cairo), with the Creator a
 * browser's print names (cairo writes for other applications too, so its Creator must be a browser).
 */
const BROWSER_ENGINES: readonly { producer: RegExp; creator?: RegExp; mark: readonly number[] }[] = [
  { producer: /^skia\/pdf\b/i, mark: [0xd3, 0xeb, 0xe9, 0xe1] },
  { producer: /^cairo\b/i, creator: /\b(firefox|mozilla|thunderbird)\b/i, mark: [0xb5, 0xed, 0xae, 0xfb] },
];

/**
 * The print engine of a web browser that wrote the whole file, in a single save (the Producer
 * it names, its Creator a browser where the engine serves other applications too, and its own
 * mark after the header); undefined otherwise. In such a page, boxes painted over text are the
 * web page's layers (a fixed header over the content scrolled beneath it), not an edit.
 */
export function browserPrint(ctx: PdfCheckContext): string | undefined {
  if (ctx.revisions.length !== 1) return undefined;
  const { producer = '', creator = '' } = ctx.revisions[0]!.info;
  const engine = BROWSER_ENGINES.find((e) => e.producer.test(producer.trim()) && (!e.creator || e.creator.test(creator)));
  return engine && headerMarked(ctx.file.data, engine.mark) ? producer : undefined;
}
