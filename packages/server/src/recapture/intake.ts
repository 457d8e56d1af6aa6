// Taking a capture in: the borrower's photos (or the sandbox's synthesised one) are signed with
// the deployment's C2PA credentials at receipt and stored; the re-captured document is the photo
// itself, or a PDF with one photo per page when there are several; the link is consumed in one
// transaction with the capture and the document (its analysis queued).
import { randomBytes } from 'node:crypto';
import { nodeDigests } from '@loupe/node';
import PDFDocument from 'pdfkit';
import type { BlobStore } from '../store/blob-store.js';
import type { Store, StoredCapture, StoredDocument, StoredLink } from '../store/store.js';
import type { CaptureSigner } from './c2pa.js';

/** A photo as received. */
export interface Photo {
  bytes: Uint8Array;
  type: 'png' | 'jpg';
}

/** What intake needs. */
export interface IntakeDeps {
  store: Store;
  blobs: BlobStore;
  signer: CaptureSigner;
  now: () => Date;
}

/** One PDF with a photo per page (pages sized to the photos). */
function photosToPdf(photos: Uint8Array[], at: Date): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Producer: 'Loupe capture', Creator: 'Loupe capture', CreationDate: at, ModDate: at } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) => doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))));
  for (const photo of photos) {
    const image = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(Buffer.from(photo));
    doc.addPage({ size: [image.width, image.height], margin: 0 });
    doc.image(image as unknown as Buffer, 0, 0, { width: image.width, height: image.height });
  }
  doc.end();
  return done;
}

/** Consumes `link` with `photos`; answers the capture, or why the link could not be used. */
export async function takeCapture(
  deps: IntakeDeps,
  link: StoredLink,
  original: StoredDocument,
  photos: Photo[],
  device: string,
): Promise<StoredCapture | 'consumed' | 'revoked' | 'expired' | undefined> {
  const at = deps.now();
  const captureId = `rcc_${randomBytes(12).toString('hex')}`;
  const signed: Uint8Array[] = [];
  for (const [i, photo] of photos.entries()) signed.push(await deps.signer.sign(photo.bytes, `xmp:iid:${captureId}:${i + 1}`));
  const shas: string[] = [];
  for (const bytes of signed) shas.push(await deps.blobs.put(bytes));
  const single = signed.length === 1;
  const documentBytes = single ? signed[0]! : await photosToPdf(signed, at);
  const fileType: StoredDocument['fileType'] = single ? photos[0]!.type : 'pdf';
  const sha256 = single ? shas[0]! : await deps.blobs.put(documentBytes);
  const options = original.options;
  const recapturedId = `doc_${randomBytes(12).toString('hex')}`;
  return deps.store.recapture.consumeLink(
    link.id,
    at.toISOString(),
    {
      id: captureId,
      accountId: link.accountId,
      environment: link.environment,
      linkId: link.id,
      documentId: original.id,
      recapturedDocumentId: recapturedId,
      externalRef: original.externalRef,
      capturedAt: at.toISOString(),
      device,
      photoCount: photos.length,
      photos: shas,
      createdAt: at.toISOString(),
    },
    {
      id: recapturedId,
      accountId: link.accountId,
      environment: link.environment,
      sha256,
      fileName: `recapture-${original.fileName.replace(/\.[^.]+$/, '')}.${fileType}`,
      fileType,
      sizeBytes: documentBytes.length,
      options: {
        ...(options.external_ref ? { external_ref: options.external_ref } : {}),
        ...(options.category ? { category: options.category } : {}),
        ...(options.webhook_url ? { webhook_url: options.webhook_url } : {}),
        recapture_capture_id: captureId,
        facts: { md5: nodeDigests.md5(documentBytes), pages: photos.length },
      },
      externalRef: original.externalRef,
      attributionCurrency: null,
      createdAt: at.toISOString(),
    },
  );
}
