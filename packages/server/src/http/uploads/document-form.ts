// Reading a document upload while it streams: the multipart `file` part is written to a file in
// the staging folder as it arrives (hashed with SHA-256 and MD5 on the way, its first 256 KiB
// kept for the signature and the page count), so an upload is never held in memory, and refused with
// `413 file_too_large` the moment it passes 200 MiB; the `options` part is JSON text. Other parts
// are skipped. An unreadable multipart body is `400 invalid_request`; a refused or failed upload
// leaves no file behind.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_FILE_BYTES } from '@loupe/core';
import type { FastifyRequest } from 'fastify';
import { DocumentHttpError, documentError } from '../errors/document-errors.js';
import { formProblem, KEY_FIELD } from './form-refusals.js';

/** Bytes of the start of an upload kept in memory (the signature; all of a small file, whose pages are then counted without reading it back). */
const HEAD_BYTES = 256 * 1024;

/** Staging folders this process has made (one mkdir each, not one per upload). */
const madeFolders = new Set<string>();

/** An upload written to the staging folder. */
export interface StagedUpload {
  path: string;
  /** The file name the client gave. */
  name: string;
  size: number;
  sha256: string;
  md5: string;
  /** The first 256 KiB (the whole of a smaller file). */
  head: Uint8Array;
  /** The whole file, read back (for what needs it in memory). */
  read(): Promise<Uint8Array>;
  /** Says the file was handed over (the blob store took it): `discard` then leaves it alone. */
  handedOver(): void;
  /** Removes the file unless it was handed over (safe to call twice). */
  discard(): Promise<void>;
}

/** What a multipart document request carried. */
export interface DocumentForm {
  file?: StagedUpload;
  options?: string;
}

/** Writes `chunks` to a new file in `folder`, hashing as it goes; removes the file when anything fails. */
async function stage(chunks: AsyncIterable<Buffer>, folder: string, name: string): Promise<StagedUpload> {
  if (!madeFolders.has(folder)) {
    await mkdir(folder, { recursive: true });
    madeFolders.add(folder);
  }
  const path = join(folder, `${randomBytes(12).toString('hex')}.upload`);
  const out = createWriteStream(path);
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  const head: Buffer[] = [];
  let kept = 0;
  let size = 0;
  try {
    for await (const chunk of chunks) {
      sha256.update(chunk);
      md5.update(chunk);
      if (kept < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - kept));
        kept += Math.min(chunk.length, HEAD_BYTES - kept);
      }
      size += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
  } catch (error) {
    out.destroy();
    await rm(path, { force: true });
    throw error;
  }
  let handedOver = false;
  const discard = async () => {
    if (!handedOver) await rm(path, { force: true });
  };
  const start = Buffer.concat(head);
  return {
    path,
    name,
    size,
    sha256: sha256.digest('hex'),
    md5: md5.digest('hex'),
    head: start,
    // a small file is its head: no read back
    read: async () => (size <= start.length ? start : new Uint8Array(await readFile(path))),
    handedOver: () => {
      handedOver = true;
    },
    discard,
  };
}

/** Reads the multipart parts of a document upload: the file into `stagingFolder` under the 200 MiB cap while it streams, and `options`. */
export async function readDocumentForm(request: FastifyRequest, stagingFolder: string): Promise<DocumentForm> {
  const out: DocumentForm = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        if (KEY_FIELD.test(part.fieldname))
          throw documentError(401, 'invalid_api_key', 'Send the API key in the X-API-Key or Authorization header, never in the body.');
        if (part.fieldname === 'options' && typeof part.value === 'string') out.options = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      // refused the moment the cap is passed, not after the rest has been read
      const tooLarge = documentError(413, 'file_too_large', `The file is over ${MAX_FILE_BYTES} bytes (200 MiB).`);
      part.file.once('limit', () => part.file.destroy(tooLarge));
      const staged = await stage(part.file as AsyncIterable<Buffer>, stagingFolder, part.filename || 'document.pdf');
      if (part.file.truncated) {
        await staged.discard();
        throw tooLarge;
      }
      await out.file?.discard(); // a second file part (refused by the limits) never leaves its first behind
      out.file = staged;
    }
  } catch (error) {
    await out.file?.discard();
    if (error instanceof DocumentHttpError) throw error;
    throw documentError(400, 'invalid_request', formProblem(error));
  }
  return out;
}
