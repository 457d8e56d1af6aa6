// Reading a document upload while it streams: the multipart `file` part is hashed with SHA-256
// and MD5 as it arrives and its first 256 KiB kept (the signature and the page count; all of a
// small file, which is never written anywhere but the blob store); past that it is written to a
// file in the staging folder, so a large upload is never held in memory, and refused with
// `413 file_too_large` the moment it passes 200 MiB; the `options` part is JSON text. Other parts
// are skipped. An unreadable multipart body is `400 invalid_request`; a refused or failed upload
// leaves no file behind.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_FILE_BYTES } from '@loupe/core';
import type { FastifyRequest } from 'fastify';
import type { BlobStore } from '../../store/blob-store.js';
import { DocumentHttpError, documentError } from '../errors/document-errors.js';
import { formProblem, KEY_FIELD } from './form-refusals.js';

/** Bytes of the start of an upload kept in memory (the signature; all of a small file, which is then never written to the staging folder). */
const HEAD_BYTES = 256 * 1024;

/** Staging folders this process has made (one mkdir each, not one per upload). */
const madeFolders = new Set<string>();

/** An upload: the whole of a small one in memory, a larger one written to the staging folder. */
export interface StagedUpload {
  /** The file name the client gave. */
  name: string;
  size: number;
  sha256: string;
  md5: string;
  /** The first 256 KiB (the whole of a smaller file). */
  head: Uint8Array;
  /** The whole file (read back when it was staged on disk). */
  read(): Promise<Uint8Array>;
  /** Stores the upload in `blobs`: a staged file is moved in, a small upload put from memory. */
  keepIn(blobs: BlobStore): Promise<void>;
  /** Removes the staged file unless the blob store took it (safe to call twice). */
  discard(): Promise<void>;
}

/** What a multipart document request carried. */
export interface DocumentForm {
  file?: StagedUpload;
  options?: string;
}

/** A new file in `folder` for an upload that outgrew its head. */
async function stagingFile(folder: string): Promise<{ path: string; out: WriteStream }> {
  if (!madeFolders.has(folder)) {
    await mkdir(folder, { recursive: true });
    madeFolders.add(folder);
  }
  const path = join(folder, `${randomBytes(12).toString('hex')}.upload`);
  return { path, out: createWriteStream(path) };
}

/**
 * Reads `chunks`, hashing as it goes: up to 256 KiB stay in memory; past that the upload is
 * written to a new file in `folder` (removed when anything fails).
 */
async function stage(chunks: AsyncIterable<Buffer>, folder: string, name: string): Promise<StagedUpload> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  const head: Buffer[] = [];
  let kept = 0;
  let size = 0;
  let staged: { path: string; out: WriteStream } | undefined;
  try {
    for await (const chunk of chunks) {
      sha256.update(chunk);
      md5.update(chunk);
      const earlier = head.length; // chunks before this one, whole while no file was needed
      if (kept < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - kept));
        kept += Math.min(chunk.length, HEAD_BYTES - kept);
      }
      size += chunk.length;
      if (size <= HEAD_BYTES) continue; // all of it is in the head so far
      if (!staged) {
        staged = await stagingFile(folder);
        for (const before of head.slice(0, earlier)) staged.out.write(before);
      }
      if (!staged.out.write(chunk)) await once(staged.out, 'drain');
    }
    if (staged) {
      staged.out.end();
      await once(staged.out, 'close');
    }
  } catch (error) {
    if (staged) {
      staged.out.destroy();
      await rm(staged.path, { force: true });
    }
    throw error;
  }
  const start = Buffer.concat(head);
  const digests = { name, size, sha256: sha256.digest('hex'), md5: md5.digest('hex'), head: start };
  if (!staged)
    return {
      ...digests,
      read: async () => start,
      keepIn: async (blobs) => void (await blobs.put(start)),
      discard: async () => {},
    };
  const { path } = staged;
  let handedOver = false;
  return {
    ...digests,
    read: async () => new Uint8Array(await readFile(path)),
    async keepIn(blobs) {
      await blobs.putFile(path, digests.sha256);
      handedOver = true; // the blob store has it (a failed move leaves it for discard)
    },
    discard: async () => {
      if (!handedOver) await rm(path, { force: true });
    },
  };
}

/** Reads the multipart parts of a document upload: the file into `stagingFolder` under the 200 MiB cap while it streams, and `options`. */
export async function readDocumentForm(request: FastifyRequest, stagingFolder: string): Promise<DocumentForm> {
  const out: DocumentForm = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024 * 1024, parts: 6, headerPairs: 64 } })) {
      if (part.type === 'field') {
        if (KEY_FIELD.test(part.fieldname))
          throw documentError('invalid_api_key', 'Send the API key in the X-API-Key or Authorization header, never in the body.');
        if (part.fieldname === 'options' && typeof part.value === 'string') out.options = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      // refused the moment the cap is passed, not after the rest has been read
      const tooLarge = () => documentError('file_too_large', `The file is over ${MAX_FILE_BYTES} bytes (200 MiB).`);
      part.file.once('limit', () => part.file.destroy(tooLarge()));
      const staged = await stage(part.file as AsyncIterable<Buffer>, stagingFolder, part.filename || 'document.pdf');
      if (part.file.truncated) {
        await staged.discard();
        throw tooLarge();
      }
      await out.file?.discard(); // a second file part (refused by the limits) never leaves its first behind
      out.file = staged;
    }
  } catch (error) {
    await out.file?.discard();
    if (error instanceof DocumentHttpError) throw error;
    throw documentError('invalid_request', formProblem(error));
  }
  return out;
}
