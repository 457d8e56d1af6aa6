// What the pixel checks report: boxes in image pixels and findings by kind.

/** A rectangle in pixels, origin top-left, right/bottom exclusive. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * One pixel-level finding: where (boxes in pixels) and what was measured. The image checks
 * (`forensics/checks/images/`) turn it into a finding; its sentence and weight are theirs.
 */
export type PixelFinding = { boxes: PixelBox[] } & (
  | {
      kind: 'noise_inconsistency';
      /** Regions of too little noise, the noise-map cells in them, and the page's noise level (grey levels). */
      regions: number;
      cells: number;
      level: number;
    }
  | {
      kind: 'sharpness_inconsistency';
      /** Edge steepness over contrast: the threshold the areas passed, and the capture's typical value. */
      threshold: number;
      typical: number;
    }
  | {
      kind: 'jpeg_double_compressed';
      /** Low frequencies whose DCT histograms depart from one compression, their median departure, and how many depart strongly. */
      frequencies: number;
      median: number;
      strong: number;
    }
  | {
      kind: 'first_compression_missing';
      /** The quality of the image's first compression. */
      quality: number;
    }
  | {
      kind: 'copy_move';
      /** Blocks matched (overlapping 16-pixel blocks), and how far apart the copies are (pixels). */
      method: 'matched';
      blocks: number;
      distance: number;
      /** The pair's mean absolute difference, the page's look-alikes', and the most a copy may differ. */
      mad: number;
      baseline: number;
      madLimit: number;
    }
  | {
      kind: 'copy_move';
      /** 8x8 blocks of print repeated pixel for pixel, and how far apart (pixels). */
      method: 'exact';
      blocks: number;
      distance: number;
    }
);
