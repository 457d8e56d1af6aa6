// What the pixel checks report: boxes in image pixels and findings by kind.

/** A rectangle in pixels, origin top-left, right/bottom exclusive. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One pixel-level finding. */
export interface PixelFinding {
  kind: 'noise_inconsistency' | 'sharpness_inconsistency' | 'jpeg_double_compressed' | 'first_compression_missing' | 'copy_move';
  summary: string;
  boxes: PixelBox[];
  confidence: number;
}
