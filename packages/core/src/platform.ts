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
  /** SHA-256 of the bytes, lowercase hex. */
  sha256(bytes: Uint8Array): string;
  /** MD5 of the bytes, lowercase hex (the spec's `file.md5`). */
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
  /** Checks a detached CMS signature over the signed byte ranges; never throws for a bad signature, reports it. */
  verify(cms: Uint8Array, signedBytes: Uint8Array): Promise<CmsVerification>;
}

/** A rendered page: an encoded image and the matrix from PDF user space to its pixels. */
export interface RasterImage {
  /** PNG (or JPEG) bytes. */
  image: Uint8Array;
  width: number;
  height: number;
  /** [a b c d e f] mapping user-space points to pixels (origin top-left). */
  transform: [number, number, number, number, number, number];
}

/** Renders PDF pages to images (pdf.js with a canvas in both adapters). */
export interface Rasterizer {
  /** Renders one page (1-based) of the PDF at `dpi` to an encoded image. */
  renderPage(pdf: Uint8Array, page: number, dpi: number): Promise<RasterImage>;
}

/** A word found by OCR, in pixels (origin top-left). */
export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..1 */
  confidence: number;
  /**
   * The least confidence among the word's characters (0..1), when the OCR reports characters. A
   * figure is outside any language model's vocabulary, so its word confidence runs low even when
   * every digit was read surely; the figures' checks rest on this instead.
   */
  characterConfidence?: number;
}

/** Optical character recognition of an encoded image (tesseract.js, offline). */
export interface Ocr {
  /** Reads the words of an encoded image with their boxes in its pixels. */
  recognize(image: Uint8Array): Promise<{ width: number; height: number; words: OcrWord[] }>;
  /**
   * Reads an image of figures alone, one a line (a sheet `document/second-reading.ts` makes, a
   * binary PGM): OCR held to the characters money is printed with (digits, separators, signs,
   * brackets, currency signs), each line as a line. Optional: without it, figures are read once.
   */
  readFigures?(image: Uint8Array): Promise<{ words: OcrWord[] }>;
  /** Releases workers; the engine's `dispose` calls it. */
  dispose?(): Promise<void>;
}

/** Decoded pixels of an image: RGBA, 4 bytes per pixel, row-major. */
export interface DecodedImage {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** A rectangle of pixels: its top-left corner and its size. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A picture's size and the regions of it that were decoded, in the order asked. */
export interface DecodedRegions {
  width: number;
  height: number;
  regions: DecodedImage[];
}

/** A picture's size and the grey levels of the regions of it that were decoded, in the order asked. */
export interface DecodedLuma {
  width: number;
  height: number;
  /** Each region's grey levels, one byte a pixel, row-major. */
  regions: { width: number; height: number; luma: Uint8Array }[];
}

/**
 * Decodes PNG and JPEG bytes to RGBA (@napi-rs/canvas on Node, ImageBitmap/canvas in browsers).
 * The stored pixel orientation is kept (no EXIF rotation), so regions match the file's pixels.
 */
export interface ImageDecoder {
  /** Decodes a PNG, JPEG or WebP into pixels; rejects what it cannot decode. */
  decode(bytes: Uint8Array): Promise<DecodedImage>;
  /**
   * Decodes only the regions `regionsOf` names for the picture's size, at full resolution (each
   * clipped to the picture), where the platform can do that for less than a whole decode; the
   * engine then never holds the whole picture's pixels. Optional: `decode` is used without it.
   */
  decodeRegions?(bytes: Uint8Array, regionsOf: (width: number, height: number) => readonly PixelRect[]): Promise<DecodedRegions>;
  /**
   * Decodes only the luma of the regions `regionsOf` names, at full resolution, of a JPEG whose
   * first component is its luma (`jpegLumaFirst`): its Y plane alone (BT.601 grey levels, 0-255),
   * with no chroma upsampling or colour conversion — what a detector that reads grey levels needs.
   * Optional; rejects what it cannot decode (the engine then decodes colour).
   */
  decodeJpegLuma?(bytes: Uint8Array, regionsOf: (width: number, height: number) => readonly PixelRect[]): Promise<DecodedLuma>;
  /** Encodes RGBA pixels as JPEG (frame thumbnails), where the platform can. */
  encodeJpeg?(image: DecodedImage, quality: number): Promise<Uint8Array>;
}

/** What the platform provides to the engine. */
export interface Platform {
  /** Positioned text of PDF pages; required. */
  pdf: PdfText;
  /** Faster hashing of whole files, where the platform has it. */
  digests?: Digests;
  /** Cryptographic verification of signatures; without it signatures are reported unverified. */
  signatures?: SignatureVerifier;
  /** Page rendering, for OCR of image-only pages. */
  raster?: Rasterizer;
  /** OCR of image-only pages and photos; without it they are not read. */
  ocr?: Ocr;
  /** Pixel decoding of PNG/JPEG uploads, for the image forensics; without it only their metadata is examined. */
  images?: ImageDecoder;
  /** Model inference, for the optional models (`docforge`). */
  inference?: Inference;
  /** The local model files and their manifest. */
  models?: ModelStore;
}

/** A tensor passed to or returned by a model. */
export interface ModelTensor {
  /** float32 data, or int64 for integer inputs (such as a sample rate). */
  data: Float32Array | BigInt64Array;
  dims: number[];
}

/** A loaded model. */
export interface InferenceModel {
  /** Runs the model on named input tensors and answers its named outputs. */
  run(feeds: Record<string, ModelTensor>): Promise<Record<string, ModelTensor>>;
}

/** Runs ONNX models (onnxruntime-node on Node, onnxruntime-web in browsers). */
export interface Inference {
  /** Creates a session for an ONNX model's bytes. */
  load(model: Uint8Array): Promise<InferenceModel>;
}

/** One entry of models/manifest.json (the fields the engine checks; the file holds more). */
export interface ModelManifestEntry {
  id: string;
  version: string;
  task: string;
  /** The model file, relative to the store's folder, or to the folder of `package`'s entry point. */
  file: string;
  /** An installed package that ships the file (third-party models are read there, not copied). */
  package?: string;
  sha256: string;
  inputs: { name: string; shape: (number | string)[] }[];
  outputs: { name: string; shape: (number | string)[] }[];
  threshold: number;
}

/** Where models come from: the manifest entry and the model's bytes, read locally. */
export interface ModelStore {
  /** The manifest entry of model `id` and its bytes (checked against the manifest's SHA-256 by the caller). */
  load(id: string): Promise<{ manifest: ModelManifestEntry; bytes: Uint8Array }>;
}

/** What a media container holds. */
export interface MediaProbe {
  /** Length in seconds (0 when unknown). */
  durationS: number;
  video?: { width: number; height: number };
  audio?: { sampleRate: number; channels: number };
}

/** One decoded video frame, or why it could not be decoded. */
export type DecodedFrame = { timeS: number; width: number; height: number; rgba: Uint8Array } | { timeS: number; error: string };

/** Mono PCM and its rate. */
export interface DecodedAudio {
  sampleRate: number;
  samples: Float32Array;
}

/**
 * Decodes video and audio (ffmpeg on Node, WebCodecs in browsers): probes the container, decodes
 * the frames at the planned times only, and mixes audio down to mono float PCM.
 */
export interface MediaDecoder {
  /** Reads the container's streams and duration without decoding. */
  probe(bytes: Uint8Array): Promise<MediaProbe>;
  /**
   * Frames at `timesS`, scaled to fit `maxSide` pixels; `probe`, when the caller has it, saves
   * probing again. A decoder that has a frame before the others may hand it to `onFrame` (its index
   * in `timesS`) as soon as it is decoded, so the caller scores it while the rest decode; the
   * answer still holds every frame.
   */
  frames(
    bytes: Uint8Array,
    timesS: readonly number[],
    maxSide: number,
    probe?: MediaProbe,
    onFrame?: (index: number, frame: DecodedFrame) => void,
  ): Promise<DecodedFrame[]>;
  /** The first audio stream as mono samples at its own rate (at most 48 kHz). */
  audio(bytes: Uint8Array): Promise<DecodedAudio>;
}
