// The BlobStore port: uploaded bytes, content-addressed by their SHA-256, so the same bytes are
// kept once and a reader on another process or machine finds them by digest. Adapters pass
// `blobStoreConformance` (conformance.ts).

/** Bytes kept by digest. */
export interface BlobStore {
  /** Stores `bytes` under their SHA-256 (lowercase hex) and returns it; storing the same bytes again is a no-op. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes stored under `sha256`, or undefined. */
  get(sha256: string): Promise<Uint8Array | undefined>;
  has(sha256: string): Promise<boolean>;
  /** Forgets the bytes (no error when absent). */
  delete(sha256: string): Promise<void>;
}
