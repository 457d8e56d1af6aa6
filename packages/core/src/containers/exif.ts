// A small EXIF (TIFF IFD) reader: the fields forensics needs from IFD0, the Exif sub-IFD and IFD1
// (camera make and model, software, the three dates, GPS presence, the embedded thumbnail's
// place). Offsets are checked against the block, IFD chains are followed at most a few steps and
// never twice, and entry counts are bounded.

/** What EXIF says. */
export interface ExifFacts {
  make?: string | undefined;
  model?: string | undefined;
  software?: string | undefined;
  /** 0x0132 DateTime: when the file was last changed, "YYYY:MM:DD HH:MM:SS". */
  modifyDate?: string | undefined;
  /** 0x9003 DateTimeOriginal: when the picture was taken. */
  originalDate?: string | undefined;
  /** 0x9004 DateTimeDigitized. */
  digitizedDate?: string | undefined;
  /** Exposure fields present (exposure time, f-number, ISO): real cameras write them. */
  exposure: boolean;
  gps: boolean;
  /** Pixel size the Exif sub-IFD states. */
  pixelWidth?: number | undefined;
  pixelHeight?: number | undefined;
  /** The embedded JPEG thumbnail (IFD1), when present and inside the block. */
  thumbnail?: Uint8Array;
}

const MAX_ENTRIES = 512;

/** Reads a TIFF-structured EXIF block (starting at the "II"/"MM" byte-order mark). */
export function readExif(block: Uint8Array): ExifFacts {
  const facts: ExifFacts = { exposure: false, gps: false };
  if (block.length < 8) return facts;
  const little = block[0] === 0x49 && block[1] === 0x49;
  if (!little && !(block[0] === 0x4d && block[1] === 0x4d)) return facts;
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  const u16 = (o: number): number => view.getUint16(o, little);
  const u32 = (o: number): number => view.getUint32(o, little);
  const inside = (o: number, n: number): boolean => o >= 0 && o + n <= block.length;
  const seen = new Set<number>();

  const ascii = (type: number, count: number, valueAt: number): string | undefined => {
    if (type !== 2) return undefined;
    const at = count <= 4 ? valueAt : u32(valueAt);
    if (!inside(at, count)) return undefined;
    let s = '';
    for (let i = 0; i < count && block[at + i] !== 0; i++) s += String.fromCharCode(block[at + i]!);
    return s.trim() || undefined;
  };
  const number = (type: number, valueAt: number): number | undefined => (type === 3 ? u16(valueAt) : type === 4 ? u32(valueAt) : undefined);

  /** Reads one IFD; returns the offset of the next one (0 when none). */
  const ifd = (offset: number, kind: 'ifd0' | 'exif' | 'ifd1'): number => {
    if (seen.has(offset) || !inside(offset, 2)) return 0;
    seen.add(offset);
    const count = Math.min(u16(offset), MAX_ENTRIES);
    let thumbOffset: number | undefined;
    let thumbLength: number | undefined;
    for (let i = 0; i < count; i++) {
      const e = offset + 2 + i * 12;
      if (!inside(e, 12)) break;
      const tag = u16(e);
      const type = u16(e + 2);
      const n = u32(e + 4);
      const v = e + 8;
      if (kind === 'ifd0') {
        if (tag === 0x010f) facts.make = ascii(type, n, v);
        else if (tag === 0x0110) facts.model = ascii(type, n, v);
        else if (tag === 0x0131) facts.software = ascii(type, n, v);
        else if (tag === 0x0132) facts.modifyDate = ascii(type, n, v);
        else if (tag === 0x8769) {
          const sub = number(type, v);
          if (sub !== undefined) ifd(sub, 'exif');
        } else if (tag === 0x8825) facts.gps = true;
      } else if (kind === 'exif') {
        if (tag === 0x9003) facts.originalDate = ascii(type, n, v);
        else if (tag === 0x9004) facts.digitizedDate = ascii(type, n, v);
        else if (tag === 0x829a || tag === 0x829d || tag === 0x8827) facts.exposure = true;
        else if (tag === 0xa002) facts.pixelWidth = number(type, v);
        else if (tag === 0xa003) facts.pixelHeight = number(type, v);
      } else if (tag === 0x0201) thumbOffset = number(type, v);
      else if (tag === 0x0202) thumbLength = number(type, v);
    }
    if (kind === 'ifd1' && thumbOffset !== undefined && thumbLength !== undefined && thumbLength > 0 && inside(thumbOffset, thumbLength)) {
      facts.thumbnail = block.subarray(thumbOffset, thumbOffset + thumbLength);
    }
    const nextAt = offset + 2 + count * 12;
    return inside(nextAt, 4) ? u32(nextAt) : 0;
  };

  const first = u32(4);
  const next = ifd(first, 'ifd0');
  if (next) ifd(next, 'ifd1');
  return facts;
}

/** The fields of an EXIF date "YYYY:MM:DD HH:MM:SS" (local time, no zone), as printed. */
export function exifDateFields(text: string | undefined): [string, string, string, string, string, string] | undefined {
  const m = text?.match(/^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/);
  return m ? [m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6]!] : undefined;
}

/** An EXIF date as ISO 8601 without a zone. */
export function exifInstant(text: string | undefined): string | undefined {
  const f = exifDateFields(text);
  return f ? `${f[0]}-${f[1]}-${f[2]}T${f[3]}:${f[4]}:${f[5]}` : undefined;
}
