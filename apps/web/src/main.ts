// The pre-screening page: files picked or dropped are scanned by the document engine in a Web
// Worker of this page (engine-worker.ts, through @loupe/worker's pool; pdf.js and the
// WebAssembly kernels, every asset served locally), and each result is shown: verdict, score,
// headline, indicators, and the pages or the picture with the regions drawn over them. The full
// Document is kept on the result element (`data-document`) for tests and tools.

import { type Detection, type DocumentResult, MediaError, type ScanDetail, sniffFormat, sniffMedia, toDocumentError, toMediaErrorBody } from '@loupe/core';
import { element, framePlot, mathCheckTable, pageWithRegions, revisionTable, segmentTimeline } from '@loupe/ui';
import '@loupe/ui/ui.css';
import { createWebPool } from '@loupe/worker/web';
import * as pdfjs from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
const cMapUrl = new URL('cmaps/', document.baseURI).href;
const pool = createWebPool({ spawn: () => new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' }), size: 1, maxQueue: 100 });
const status = document.getElementById('status')!;
const results = document.getElementById('results')!;

/** Renders each page of the PDF and draws the document's regions (percent of the page) over it. */
async function drawPages(bytes: Uint8Array, doc: DocumentResult, into: HTMLElement): Promise<void> {
  const pdf = await pdfjs.getDocument({ data: bytes.slice(), cMapUrl, cMapPacked: true, isEvalSupported: false }).promise;
  const pages = element('div', { class: 'pages' });
  into.append(pages);
  for (let n = 1; n <= Math.min(pdf.numPages, 10); n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: 1.2 });
    const canvas = element('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    pages.append(pageWithRegions(canvas, doc.regions, n));
  }
  await pdf.destroy();
}

/** Shows a picture with the document's regions (percent of the picture) drawn over it. */
function drawPicture(file: File, regions: DocumentResult['regions'], into: HTMLElement): void {
  const pages = element('div', { class: 'pages' });
  pages.append(pageWithRegions(element('img', { alt: file.name, src: URL.createObjectURL(file) }), regions, 1));
  into.append(pages);
}

/** Media detection: photos (when asked), videos and audio. */
async function detect(file: File, bytes: Uint8Array, card: HTMLElement): Promise<void> {
  const started = performance.now();
  const d = (await pool.run('detect', bytes.slice(), { filename: file.name })) as Detection;
  card.dataset.ms = String(Math.round(performance.now() - started));
  const line = element('p');
  line.append(element('span', { class: `verdict ${d.verdict}` }, d.verdict.replace(/_/g, ' ')), ` score ${d.score ?? '—'} · ${d.summary}`);
  card.append(line);
  if (d.frames) card.append(element('h3', {}, 'Frame scores against the threshold'), framePlot(d));
  if (d.segments) card.append(element('h3', {}, 'Speech windows'), segmentTimeline(d));
  if (d.media.type === 'image') drawPicture(file, [], card);
  card.dataset.detection = JSON.stringify(d);
}

async function scan(file: File): Promise<void> {
  const card = element('article', { class: 'result', 'data-file': file.name, 'data-state': 'working' });
  card.append(element('h2', {}, file.name));
  results.append(card);
  status.textContent = `Examining ${file.name}…`;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const started = performance.now();
  try {
    const kind = sniffFormat(bytes);
    const asPhoto = (document.getElementById('photos') as HTMLInputElement).checked;
    if (kind !== 'pdf' && sniffMedia(bytes) && (asPhoto || (kind !== 'png' && kind !== 'jpg'))) {
      await detect(file, bytes, card);
      card.dataset.state = 'done';
      status.textContent = '';
      return;
    }
    const detail = (await pool.run(
      'scan',
      bytes.slice(),
      { name: file.name },
      { onProgress: (stage) => (status.textContent = stage === 'started' ? `Examining ${file.name}…` : `Drawing ${file.name}…`) },
    )) as ScanDetail;
    const doc = detail.document;
    card.dataset.ms = String(Math.round(performance.now() - started));
    const line = element('p');
    line.append(element('span', { class: `verdict ${doc.verdict}` }, doc.verdict.replace(/_/g, ' ')), ` risk score ${doc.risk_score ?? '—'} · ${doc.headline}`);
    card.append(line);
    // what could not be examined is said, never left to look like a pass
    const notRun = [...new Set((detail.checksNotRun ?? []).map((n) => `${n.check} (${n.reason})`))];
    card.dataset.notRun = JSON.stringify(notRun);
    if (notRun.length > 0) {
      const missing = element('ul', { class: 'not-run', 'aria-label': 'Not examined' });
      for (const n of notRun) missing.append(element('li', {}, `Not examined: ${n}`));
      card.append(missing);
    }
    const list = element('ul', { class: 'indicators' });
    for (const i of doc.indicators) {
      const item = element('li');
      item.append(element('span', { class: `sev ${i.severity}` }, i.severity), element('strong', {}, i.title));
      item.append(element('div', {}, i.what_it_means));
      list.append(item);
    }
    card.append(list);
    const diffs = doc.revisions?.diffs ?? [];
    if (diffs.length > 0) card.append(element('h3', {}, 'What changed between revisions'), revisionTable(diffs));
    if (doc.math_checks?.length) card.append(element('h3', {}, 'Figures that do not add up'), mathCheckTable(doc.math_checks));
    if (bytes[0] === 0x25) await drawPages(bytes, doc, card);
    else drawPicture(file, doc.regions, card);
    card.dataset.document = JSON.stringify(doc);
    card.dataset.state = 'done';
  } catch (error) {
    const spec =
      error instanceof MediaError ? { ...toMediaErrorBody(error).error, ...(error.reasons.length ? { reasons: error.reasons } : {}) } : toDocumentError(error);
    card.append(element('p', { class: 'error' }, `${spec.code}: ${spec.message}`));
    card.dataset.error = JSON.stringify(spec);
    card.dataset.state = 'failed';
  }
  status.textContent = '';
}

async function scanAll(files: FileList | null): Promise<void> {
  for (const file of Array.from(files ?? [])) await scan(file);
}

const input = document.getElementById('file') as HTMLInputElement;
input.addEventListener('change', () => {
  const files = input.files;
  void scanAll(files).finally(() => (input.value = '')); // picking the same file again examines it again
});
const drop = document.getElementById('drop')!;
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  void scanAll(e.dataTransfer?.files ?? null);
});
