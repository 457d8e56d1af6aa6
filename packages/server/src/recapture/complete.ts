// Completes captures whose re-captured document has finished: builds the evidence from the
// original, the re-captured document and the text its analysis read, and finishes the capture
// with its `recapture.capture.completed` event in one transaction. Run after every analysis and
// at start, so a capture interrupted by a restart still completes.

import { makeEvent, targetOf } from '../notifications/events.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Store } from '../store/store.js';
import { documentView } from '../views/document-view.js';
import { captureView } from '../views/recapture-views.js';
import type { CaptureSigner } from './c2pa.js';
import { captureEvidence } from './evidence.js';

/** Completes every capture that is ready; answers how many. */
export async function completeCaptures(store: Store, signer: CaptureSigner, blobs: BlobStore, now: () => Date): Promise<number> {
  let done = 0;
  for (const capture of await store.recapture.capturesToFinish()) {
    const [original, recaptured, account] = await Promise.all([
      store.documents.documentById(capture.documentId),
      store.documents.documentById(capture.recapturedDocumentId),
      store.accounts.accountById(capture.accountId),
    ]);
    if (!original || !recaptured) continue;
    const at = now();
    const link = await store.recapture.link(capture.accountId, capture.environment, capture.linkId);
    // the manifests of the photos as stored: all valid, or the first that is not
    const manifests = await Promise.all(
      capture.photos.map(async (sha) => {
        const bytes = await blobs.get(sha);
        return bytes ? signer.read(bytes) : ({ validation_state: 'Unverified' } as const);
      }),
    );
    const c2pa = manifests.find((m) => m.validation_state !== 'Valid') ?? manifests[0] ?? { validation_state: 'Unverified' as const };
    const outcome =
      recaptured.status === 'failed'
        ? { failed: 'The photos could not be analysed.' }
        : {
            evidence: JSON.stringify(
              captureEvidence({
                original: documentView(original, at),
                recaptured,
                recapturedView: documentView(recaptured, at),
                photoText: await store.documents.documentText(recaptured.id),
                device: capture.device,
                simulated: capture.device === 'sandbox simulation',
                c2pa,
              }),
            ),
          };
    const finished = await store.recapture.finishCapture(capture.id, outcome, (c) => {
      const event = makeEvent(
        { accountId: c.accountId, environment: c.environment, accountWebhook: account?.webhookUrl ?? null, at },
        'recapture.capture.completed',
        captureView(c, link, link ? new URL(link.claimUrl).origin : undefined),
        c.status === 'completed' ? targetOf(original, account?.webhookUrl ?? null) : null, // recapture.capture.failed is not emitted
      );
      return event ? [event] : [];
    });
    if (finished) done++;
  }
  return done;
}
