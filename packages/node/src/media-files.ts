// Media read from a file the caller names: the bytes, remembered with the file they came from, so
// ffmpeg can read that file itself instead of being served the bytes over loopback (a 60 s clip's
// twenty seeks each fetched their parts over HTTP). The file is used only while its size and
// modification time are what they were when it was read; otherwise the bytes are served as for
// any other input, so what is analysed is always what was read.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';

interface Origin {
  path: string;
  size: number;
  mtimeMs: number;
}

const origins = new WeakMap<Uint8Array, Origin>();

/** Reads `path` for detection; the bytes remember their file (in this thread). */
export async function readMediaFile(path: string): Promise<Uint8Array> {
  const absolute = resolve(path);
  const before = await stat(absolute);
  const buffer = await readFile(absolute);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (bytes.length === before.size) origins.set(bytes, { path: absolute, size: before.size, mtimeMs: before.mtimeMs });
  return bytes;
}

/** The file `bytes` were read from, when it still holds them (by size and modification time). */
export async function unchangedFileOf(bytes: Uint8Array): Promise<string | undefined> {
  const origin = origins.get(bytes);
  if (!origin) return undefined;
  try {
    const now = await stat(origin.path);
    return now.size === origin.size && now.mtimeMs === origin.mtimeMs && bytes.length === origin.size ? origin.path : undefined;
  } catch {
    return undefined;
  }
}
