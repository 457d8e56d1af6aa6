// The sandbox's simulate-capture use case: a pending link is captured with a photo made from the
// original's genuine pages (a PDF's first save rendered, or an image as it is), the capture is
// queued for analysis like a borrower's, and the answer waits for its evidence up to the limit.
import { PdfFile } from '@loupe/core/internal';
import type { DocumentCaller } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import type { FinishSignal } from '../queue/finish-signal.js';
import type { PageRenderer } from '../reports/generate.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Environment, Store, StoredCapture, StoredDocument, StoredLink } from '../store/store.js';
import { linkStatus } from '../views/recapture-views.js';
import type { CaptureSigner } from './c2pa.js';
import { completeCaptures } from './complete.js';
import { takeCapture } from './intake.js';

/** What a simulated capture needs. */
export interface SimulateDeps {
  store: Store;
  blobs: BlobStore;
  environment: Environment;
  now: () => Date;
  notify: () => void;
  notifyEvents: () => void;
  finishes: FinishSignal;
  renderer: PageRenderer;
  signer: CaptureSigner;
  /** Longest wait for the capture's analysis (default 30 s). */
  waitMs?: number;
}

/** The bytes of a PDF's first save (before any incremental update), or the file when it has one save. */
function firstSave(pdf: Uint8Array): Uint8Array {
  try {
    const file = PdfFile.open(pdf);
    return file.revisions.length > 1 ? pdf.subarray(0, file.revisions[0]!.end) : pdf;
  } catch {
    return pdf;
  }
}

/** A photo of the original's genuine pages. */
async function photoOf(deps: SimulateDeps, original: StoredDocument): Promise<{ bytes: Uint8Array; type: 'png' | 'jpg' } | undefined> {
  const bytes = await deps.blobs.get(original.sha256);
  if (!bytes) return undefined;
  if (original.fileType !== 'pdf') return { bytes, type: original.fileType };
  const [page] = await deps.renderer.render(firstSave(bytes), { pages: [1], dpi: 150 });
  return page ? { bytes: page.image, type: 'png' } : undefined;
}

/** Captures `link` with a photo of its original; answers the capture (completed when its analysis landed in time). */
export async function simulateCapture(deps: SimulateDeps, who: DocumentCaller, link: StoredLink): Promise<StoredCapture> {
  const { store, environment, now } = deps;
  if (environment !== 'sandbox')
    throw documentError('sandbox_only', 'Captures in production come from the borrower’s capture page; simulate-capture is a sandbox route.');
  if (link.status === 'consumed') throw documentError('link_already_consumed', 'The link was already used.');
  if (link.status === 'revoked') throw documentError('link_expired', 'The link was revoked.');
  if (linkStatus(link, now()) === 'expired') throw documentError('link_expired', 'The link is past its expiry.');
  const original = await store.documents.document(who.account.id, environment, link.documentId);
  const photo = original ? await photoOf(deps, original) : undefined;
  if (!original || !photo) throw documentError('capture_not_ready', 'The original’s bytes are not held, so no photo can be made from them.');
  const consumed = await takeCapture(deps, link, original, [photo], 'sandbox simulation');
  if (consumed === 'consumed') throw documentError('link_already_consumed', 'The link was already used.');
  if (consumed === 'revoked' || consumed === 'expired') throw documentError('link_expired', `The link was ${consumed}.`);
  if (!consumed) throw documentError('not_found', 'No re-capture link with that id in this environment.');
  deps.notify();
  // answer the completed capture when its analysis lands in time
  const deadline = Date.now() + (deps.waitMs ?? 30_000);
  let capture = consumed;
  while (capture.status === 'processing' && Date.now() < deadline) {
    const woken = deps.finishes.wait(capture.recapturedDocumentId, Math.min(1000, deadline - Date.now()));
    await completeCaptures(store, deps.signer, deps.blobs, now);
    capture = (await store.recapture.capture(who.account.id, environment, capture.id)) ?? capture;
    if (capture.status !== 'processing') break;
    await woken;
  }
  deps.notifyEvents();
  return capture;
}
