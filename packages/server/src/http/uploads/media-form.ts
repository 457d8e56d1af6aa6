// Reading a media upload while it streams: the multipart `file` part is taken chunk by chunk and
// refused the moment it passes its cap — the cap of its media type once the first bytes tell the
// type (image 10 MB, video 100 MB, audio 50 MB), the largest cap before that — so an oversized
// upload is never buffered whole. Other parts (`url`, `thumbnails`) are short text fields.
import { MEDIA_CAPS, sniffMedia } from '@loupe/core';
import type { FastifyRequest } from 'fastify';
import { MediaHttpError, objectError, unauthorized } from '../errors/media-errors.js';
import { formProblem, KEY_FIELD } from './form-refusals.js';

/** What a multipart detection request carried. */
export interface MediaForm {
  file?: { bytes: Uint8Array; filename: string | null };
  fields: Record<string, string>;
}

const LARGEST = Math.max(...Object.values(MEDIA_CAPS));
/** Bytes read before the type is settled from content. */
const SNIFF_BYTES = 64 * 1024;

/** Reads the parts of a multipart request; throws 413 FILE_TOO_LARGE while streaming. */
export async function readMediaForm(request: FastifyRequest): Promise<MediaForm> {
  try {
    return await readParts(request);
  } catch (error) {
    if (error instanceof MediaHttpError) throw error;
    throw objectError(400, 'BAD_REQUEST', formProblem(error));
  }
}

async function readParts(request: FastifyRequest): Promise<MediaForm> {
  const form: MediaForm = { fields: {} };
  for await (const part of request.parts({ limits: { fileSize: LARGEST + 1, files: 1, fields: 10, fieldSize: 8192, parts: 11, headerPairs: 64 } })) {
    if (part.type === 'field') {
      if (KEY_FIELD.test(part.fieldname)) throw unauthorized('Send the API key in the x-api-key header, never in the body.');
      if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || form.file) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let cap = LARGEST;
    let settled = false;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      total += chunk.length;
      if (!settled && total >= SNIFF_BYTES) {
        const type = sniffMedia(Buffer.concat(chunks))?.type;
        if (type) cap = MEDIA_CAPS[type];
        settled = true;
      }
      if (total > cap) {
        part.file.destroy();
        throw objectError(413, 'FILE_TOO_LARGE', `The upload passed the ${cap}-byte cap for its type and was refused while streaming.`);
      }
    }
    if (part.file.truncated) throw objectError(413, 'FILE_TOO_LARGE', `The upload passed the largest cap (${LARGEST} bytes).`);
    const bytes = Buffer.concat(chunks, total);
    form.file = { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), filename: part.filename || null };
  }
  return form;
}
