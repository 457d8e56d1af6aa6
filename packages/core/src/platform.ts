// The ports through which the pure core reaches platform capabilities. Adapters
// (`@loupe/node`, later `@loupe/browser`) implement them; the core never imports a platform
// module. A missing optional port is not an error: the check that needs it reports itself as
// not run.

/** One run of text placed on a page, in PDF user space (origin bottom-left, points). */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
  fontName?: string;
}

/** The text of one page. */
export interface PageText {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  items: TextItem[];
}

/** Text with positions per page of a PDF (pdf.js in both adapters). */
export interface PdfText {
  /**
   * Extracts the text of `pages` (1-based) from the PDF in `bytes`. Pages that do not exist are
   * left out of the result. Must not keep or mutate `bytes`.
   */
  extract(bytes: Uint8Array, pages: readonly number[]): Promise<PageText[]>;
}

/** Native hashing (lowercase hex); the core falls back to its own pure implementation. */
export interface Digests {
  sha256(bytes: Uint8Array): string;
  md5(bytes: Uint8Array): string;
}

/** What a CMS signature check found. */
export interface CmsVerification {
  /** `valid`: the signature matches the signed bytes; `invalid`: it does not; `unknown`: not checkable. */
  integrity: 'valid' | 'invalid' | 'unknown';
  /** The signer certificate's subject, when readable. */
  signer?: string;
  /** Why, for `invalid` and `unknown`. */
  detail?: string;
}

/** Verifies detached CMS (PKCS#7) signatures; no certificate chain is trusted. */
export interface SignatureVerifier {
  verify(cms: Uint8Array, signedBytes: Uint8Array): Promise<CmsVerification>;
}

/** What the platform provides to the engine. */
export interface Platform {
  /** Positioned text of PDF pages; required. */
  pdf: PdfText;
  /** Faster hashing of whole files, where the platform has it. */
  digests?: Digests;
  /** Cryptographic verification of signatures; without it signatures are reported unverified. */
  signatures?: SignatureVerifier;
}
