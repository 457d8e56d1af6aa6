// One page of a document as an image, for a reviewer to see where its regions fall (a Loupe
// extension of the contract, used by the console): a PDF's page rendered to PNG at 100 dpi by the
// worker pool's renderer, a PNG or JPEG upload answered as it was stored (its one page). Owner-only
// like every document read; a page outside the file is 404, bytes no longer held 409
// `file_not_retained`, a PDF the renderer cannot open 422 `unreadable_document`.
import { Type } from 'typebox';
import type { LoupeApp } from '../http/app.js';
import { type DocumentCaller, documentCallerOf } from '../http/auth/document-caller.js';
import { documentError } from '../http/errors/document-errors.js';
import { documentErrors, IdParams } from '../http/schemas.js';
import type { PageRenderer } from '../reports/generate.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Environment, Store } from '../store/store.js';

/** Resolution of rendered PDF pages: about 850 x 1100 pixels for a US Letter page. */
export const PAGE_IMAGE_DPI = 100;

/** What reading a page image needs. */
export interface PageImageDeps {
  store: Store;
  blobs: BlobStore;
  environment: Environment;
  renderer: PageRenderer;
}

/** A page image and its media type. */
export interface PageImage {
  bytes: Uint8Array;
  type: 'image/png' | 'image/jpeg';
}

/** Page `page` (from 1) of the caller's document `id` as an image. */
export async function documentPageImage(deps: PageImageDeps, who: DocumentCaller, id: string, page: number): Promise<PageImage> {
  const document = await deps.store.documents.document(who.account.id, deps.environment, id);
  if (!document) throw documentError('not_found', 'No document with that id in this environment.');
  const pages = document.fileType === 'pdf' ? (document.result?.file?.pages ?? document.options.facts.pages ?? null) : 1;
  if (pages !== null && page > pages) throw documentError('not_found', `The document has ${pages} page${pages === 1 ? '' : 's'}.`);
  const bytes = await deps.blobs.get(document.sha256);
  if (!bytes) throw documentError('file_not_retained', 'The document’s file is no longer held, so its pages cannot be drawn.');
  if (document.fileType === 'png') return { bytes, type: 'image/png' };
  if (document.fileType === 'jpg') return { bytes, type: 'image/jpeg' };
  let rendered: { image: Uint8Array }[];
  try {
    rendered = await deps.renderer.render(bytes, { pages: [page], dpi: PAGE_IMAGE_DPI });
  } catch {
    throw documentError('unreadable_document', 'The page could not be drawn.');
  }
  const image = rendered[0]?.image;
  if (!image) throw documentError('not_found', 'The document has no such page.');
  return { bytes: image, type: 'image/png' };
}

/** Registers `GET /{id}/pages/{page}` (under `/v1/documents`). */
export function pageImageRoute(api: LoupeApp, deps: PageImageDeps): void {
  api.get(
    '/:id/pages/:page',
    {
      schema: {
        tags: ['documents'],
        summary: 'One page of a document as an image (Loupe extension)',
        description:
          'A PDF page rendered to PNG at 100 dpi, or a PNG/JPEG upload as stored (page 1), so regions (percentages of the page) can be drawn over it. Not part of the contract; used by the reviewer console.',
        security: [{ documentKey: [] }],
        params: Type.Object({ id: IdParams.properties.id, page: Type.Integer({ minimum: 1, maximum: 200 }) }),
        response: {
          200: {
            description: 'The page image.',
            content: {
              'image/png': { schema: Type.Unsafe<unknown>({ type: 'string', contentMediaType: 'image/png' }) },
              'image/jpeg': { schema: Type.Unsafe<unknown>({ type: 'string', contentMediaType: 'image/jpeg' }) },
            },
          },
          ...documentErrors(400, 401, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const image = await documentPageImage(deps, documentCallerOf(request), request.params.id, request.params.page);
      // a document's file never changes, so its pages can be kept by the reviewer's browser
      return reply.type(image.type).header('cache-control', 'private, max-age=86400').send(image.bytes);
    },
  );
}
