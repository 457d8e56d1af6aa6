// The BlobStore port: uploaded bytes, content-addressed by their SHA-256, so the same bytes are
// kept once and a reader on another process or machine finds them by digest. Adapters pass
// `blobStoreConformance` (conformance.ts).

/** Bytes kept by digest. */
export interface BlobStore {
  /** Stores `bytes` under their SHA-256 (lowercase hex) and returns it; storing the same bytes again is a no-op. */
  put(bytes: Uint8Array): Promise<string>;
  /**
   * Stores the bytes of a finished file on this machine under `sha256`, which the caller computed
   * while writing it (an upload streamed to disk): moved in where the store keeps files, read and
   * stored otherwise. The file is gone afterwards either way.
   */
  putFile(path: string, sha256: string): Promise<void>;
  /** The bytes stored under `sha256`, or undefined. */
  get(sha256: string): Promise<Uint8Array | undefined>;
  /** Whether bytes with this SHA-256 are stored. */
  has(sha256: string): Promise<boolean>;
  /** Forgets the bytes (no error when absent). */
  delete(sha256: string): Promise<void>;
}
