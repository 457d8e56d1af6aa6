// Reading page text through pdf.js, shared by the Node and browser `PdfText` ports: the pages'
// text items with their positions, read the same way on both platforms so a document gets the same
// words everywhere, under a time limit, the loading task destroyed afterwards. pdf.js itself is
// the adapters' dependency: this module knows only the few members it calls.
import { UnreadableDocumentError } from '../errors.js';
import type { PageText, TextItem } from '../platform.js';

/** The members of a pdf.js page the reader uses. */
interface PdfJsPage {
  getViewport(params: { scale: number }): { width: number; height: number };
  getTextContent(): Promise<{ items: readonly object[] }>;
  cleanup(): unknown;
}

/** The members of a pdf.js loading task (`getDocument(...)`) the reader uses. */
export interface PdfJsLoadingTask {
  promise: Promise<{ numPages: number; getPage(number: number): Promise<PdfJsPage> }>;
  destroy(): Promise<void>;
}

/** Reads the text items of `pages` (1-based; missing pages left out) from an opened task, then destroys it. */
export async function readTextWithPdfJs(task: PdfJsLoadingTask, pages: readonly number[], timeoutMs: number): Promise<PageText[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnreadableDocumentError(`Text extraction took longer than ${timeoutMs} ms.`, 'work_limit')), timeoutMs);
  });
  const work = (async (): Promise<PageText[]> => {
    const doc = await task.promise;
    const out: PageText[] = [];
    for (const number of pages) {
      if (number < 1 || number > doc.numPages) continue;
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: TextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const text = item as { str: string; transform: number[]; width: number; height: number; fontName: string };
        items.push({ str: text.str, x: text.transform[4] ?? 0, y: text.transform[5] ?? 0, width: text.width, height: text.height, fontName: text.fontName });
      }
      out.push({ page: number, width: viewport.width, height: viewport.height, items });
      page.cleanup();
    }
    return out;
  })();
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
    await task.destroy().catch(() => undefined);
  }
}
