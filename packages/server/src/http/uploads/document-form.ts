// Reading a document upload while it streams: the multipart `file` part is held once in memory
// (sized from Content-Length) and refused with `413 file_too_large` the moment it passes 200 MiB;
// the `options` part is JSON text. Other parts are skipped. An unreadable multipart body is
// `400 invalid_request`.
import { MAX_FILE_BYTES } from '@loupe/core';
import type { FastifyRequest } from 'fastify';
import { DocumentHttpError, documentError } from '../errors/document-errors.js';
import { formProblem, KEY_FIELD } from './form-refusals.js';

/** What a multipart document request carried. */
export interface DocumentForm {
  file?: { bytes: Buffer; name: string };
  options?: string;
}

/**
 * The bytes of an upload as they stream in, held once: sized from the request's Content-Length
 * (the multipart framing is a little larger than the file) when it is declared, else grown by
 * doubling; never past `cap` plus one chunk.
 */
class GrowingBuffer {
  private buffer: Buffer;
  private length = 0;

  constructor(
    hint: number,
    private readonly cap: number,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.min(Math.max(hint, 64 * 1024), cap + 64 * 1024));
  }

  append(chunk: Buffer): void {
    if (this.length + chunk.length > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.length + chunk.length, Math.min(this.buffer.length * 2, this.cap + 64 * 1024)));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.length);
    this.length += chunk.length;
  }

  /** The bytes received (a view, not a copy). */
  take(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** Reads the multipart parts of a document upload: the file under the 200 MiB cap while it streams, and `options`. */
export async function readDocumentForm(request: FastifyRequest): Promise<DocumentForm> {
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
      const bytes = new GrowingBuffer(Number(request.headers['content-length']) || 0, MAX_FILE_BYTES);
      for await (const chunk of part.file as AsyncIterable<Buffer>) bytes.append(chunk);
      if (part.file.truncated) throw tooLarge;
      out.file = { bytes: bytes.take(), name: part.filename || 'document.pdf' };
    }
  } catch (error) {
    if (error instanceof DocumentHttpError) throw error;
    throw documentError(400, 'invalid_request', formProblem(error));
  }
  return out;
}
