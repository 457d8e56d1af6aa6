// JPEG quantisation tables read as evidence of the encoder: the IJG (libjpeg) standard tables of
// Annex K scaled by a quality factor are what libjpeg, libjpeg-turbo, ImageMagick, GIMP, PIL,
// browsers' canvas and most server-side software write; cameras and phones mostly write tables
// of their own. `matchQuantization` says which, and the quality (exact for IJG tables, estimated
// by nearest scaled table otherwise).

/** Annex K luminance table, natural order. */
export const IJG_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103,
  77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
/** Annex K chrominance table, natural order. */
export const IJG_CHROMA = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];

/** The IJG table for `quality` (1..100), as libjpeg's jpeg_quality_scaling with baseline clamping. */
export function ijgTable(base: readonly number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  return base.map((b) => Math.min(255, Math.max(1, Math.floor((b * scale + 50) / 100))));
}

/** What the tables say. */
export interface QuantizationMatch {
  /** `ijg`: the standard tables scaled exactly; `custom`: other tables (camera firmware, Photoshop, other encoders). */
  family: 'ijg' | 'custom';
  /** Quality 1..100: exact for `ijg`, the nearest IJG quality for `custom`. */
  quality: number;
}

/** Compares the luminance table (and the chrominance one when present) with every IJG quality. */
export function matchQuantization(luma: readonly number[], chroma?: readonly number[]): QuantizationMatch {
  let best = { quality: 50, error: Infinity };
  for (let q = 1; q <= 100; q++) {
    const l = ijgTable(IJG_LUMA, q);
    let error = 0;
    for (let i = 0; i < 64; i++) error += Math.abs(l[i]! - luma[i]!);
    if (chroma) {
      const c = ijgTable(IJG_CHROMA, q);
      for (let i = 0; i < 64; i++) error += Math.abs(c[i]! - chroma[i]!);
    }
    if (error < best.error) best = { quality: q, error };
  }
  return { family: best.error === 0 ? 'ijg' : 'custom', quality: best.quality };
}
