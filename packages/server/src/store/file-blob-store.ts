// The BlobStore on files: `<root>/<aa>/<bb>/<sha256>`, written to a temporary name and renamed into
// place (over the same bytes, when they were there) so a reader never sees half a blob, a failed
// write (a full or read-only disk) leaves nothing, and a crash at most a stray temporary file; an
// upload already streamed to a file on the same disk is renamed in without a copy (from another
// disk, copied).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BlobStore } from './blob-store.js';

const HEX64 = /^[0-9a-f]{64}$/;

/** A blob store under `root`. */
export function createFileBlobStore(root: string): BlobStore {
  const pathOf = (sha256: string): string => {
    if (!HEX64.test(sha256)) throw new Error(`Not a SHA-256 digest: ${sha256.slice(0, 80)}`);
    return join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  const put = async (bytes: Uint8Array): Promise<string> => {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const path = pathOf(sha256);
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    // written without looking first: the same digest is the same bytes, so a rename over a blob
    // that is already there changes nothing
    try {
      await inFolderOf(path, () => writeFile(temporary, bytes));
      await rename(temporary, path);
    } catch (error) {
      // a disk that filled or turned read-only mid-write keeps no half-written temporary
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
    return sha256;
  };
  return {
    put,
    async putFile(file, sha256) {
      const path = pathOf(sha256);
      try {
        await inFolderOf(path, () => rename(file, path));
      } catch (error) {
        // the blob folder on another disk than the upload: copied in through a temporary, then the upload removed
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await put(new Uint8Array(await readFile(file)));
        await rm(file, { force: true });
      }
    },
    async get(sha256) {
      try {
        return new Uint8Array(await readFile(pathOf(sha256)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async has(sha256) {
      return exists(pathOf(sha256));
    },
    async delete(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
  };
}

/** Runs `write` (of a file beside `path`), making the folder first when the write says it is missing. */
async function inFolderOf(path: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await makeFolder(dirname(path));
    await write();
  }
}

/** Makes `folder` (two levels under the root); says why when it cannot. */
async function makeFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    // a recursive mkdir answers ENOENT whatever stopped it (a read-only or full disk included): one level at a time gives the reason
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    for (const level of [dirname(folder), folder])
      await mkdir(level).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
      });
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
