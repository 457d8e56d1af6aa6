// What checks read. Every document offers its words by page (a PDF's text, or OCR of a scan or
// photo) and its class (`TableContext`: the arithmetic and typesetting checks read only that),
// and its pictures: the uploaded photo, or the main image of each image-only page of a PDF, with
// what the pixel analysis measured (`PictureCheckContext`). A PDF adds its parsed file, revisions,
// located text changes and metadata (`PdfCheckContext`). Contexts are built by the document
// stages (`document/`), which do the asynchronous work (decoding, OCR, models) before the checks run.

import type { ImageContainer } from '../containers/image-container.js';
import type { PixelBox, PixelReport } from '../image/pixel-forensics.js';
import type { PdfDict } from '../pdf/objects.js';
import type { PageReader } from '../pdf/page-reader.js';
import type { PageNode } from '../pdf/pages.js';
import type { XmpFacts } from '../pdf/pdf-facts.js';
import type { ObjectView, PdfFile } from '../pdf/pdf-file.js';
import type { RevisionChanges } from '../pdf/revision-changes.js';
import type { CmsVerification, DecodedImage, ImageDecoder } from '../platform.js';
import type { Category } from '../spec/document.js';
import type { Turn } from '../tables/reading-frame.js';
import type { Word } from '../tables/rows.js';
import type { PageBox, PageFrame } from './findings.js';
import type { TextChange, UnreadRevision } from './revision-diffs.js';

/** What the arithmetic and typesetting checks read: pages, their words, and the document class. */
export interface TableContext {
  pages: readonly PageFrame[];
  /** The document class from its text (`other` when unclear). */
  category: Category;
  /**
   * The visible words of a page (interpreter or OCR), or undefined when it could not be read; in
   * the reading frame of the page's text where it runs turned (`readingTurn`).
   */
  words(page: PageFrame): Word[] | undefined;
  /** The turn of the frame a page's words are in (absent or 0: user space); `onWords` places findings back in user space. */
  readingTurn?(page: number): Turn;
  /** True when the page's words come from OCR (findings on them are less certain). */
  fromOcr(page: number): boolean;
}

/** A picture the image checks examine: an uploaded photo or scan, or the main image of an image-only PDF page. */
export interface Picture {
  /** The page it is (a photo is page 1) or is drawn on. */
  page: number;
  /** True for an image drawn on a PDF page (its findings name the page), false for an uploaded picture. */
  onPage: boolean;
  /** The uploaded file's name ('' for a page image). */
  name: string;
  /** Its JPEG or PNG container (metadata, quantisation tables), when it is one. */
  container?: ImageContainer;
  /** The JPEG's luminance quantisation table, when it is a JPEG. */
  luma?: readonly number[];
  /** The decoded pixels, when they were decoded. */
  decoded?: DecodedImage;
  /** What the pixel analysis measured, or why the pixels could not be analysed (`overBudget` when its declared size passes the decoding bound). */
  pixels: { report: PixelReport } | { notAnalysed: string; overBudget?: true };
  /** A box in the picture's pixels (origin top-left) as a box on its page. */
  toPage(box: PixelBox): PageBox;
}

/** What the GenAI heatmap model found, when the caller asked for it and it ran. */
export interface HeatmapReading {
  /** Connected areas over the model's threshold, in the picture's pixels. */
  areas: PixelBox[];
  /** Patches in those areas, and patches in all. */
  flagged: number;
  patches: number;
}

/** What the checks of pictures read. */
export interface PictureCheckContext extends TableContext {
  subject: 'image';
  pictures: readonly Picture[];
  /** Decodes an embedded image (the EXIF thumbnail), when the platform decodes images. */
  decoder?: ImageDecoder;
  /** The GenAI heatmap's reading: undefined when not asked for, or why it could not run. */
  heatmap?: HeatmapReading | { notRun: string };
}

/** What the checks of a PDF read. */
export interface PdfCheckContext extends TableContext {
  subject: 'pdf';
  /** The latest revision's pages. */
  pages: PageNode[];
  file: PdfFile;
  view: ObjectView;
  /** The latest revision's pages read by the core interpreter (shared, cached). */
  reader: PageReader;
  revisions: RevisionChanges[];
  textChanges: TextChange[];
  /** `toRevision:page` of every touched page whose text was compared on both sides. */
  textCompared: ReadonlySet<string>;
  unreadRevisions: UnreadRevision[];
  xmp: XmpFacts;
  /** CMS verification of each signature, when the platform verifies signatures. */
  signatureChecks?: ReadonlyMap<PdfDict, CmsVerification>;
  /** The time of the analysis. */
  now: Date;
  /** The main image of each image-only page (up to 20), for the picture checks. */
  pictures: readonly Picture[];
  decoder?: ImageDecoder;
}
