// Applies a stream's filter chain (`/Filter`, `/DecodeParms`, abbreviations included) with the
// document's bounds. Image codecs (DCT, JPX, CCITT, JBIG2) end the chain: their data is returned
// still encoded and marked so, since the structural engine never needs their pixels.
import { LimitExceededError, UnreadableDocumentError } from '../../errors.js';
import type { Budget } from '../limits.js';
import { asArray, asDict, asInt, asName, type PdfDict, type PdfObject } from '../objects.js';
import { BoundedSink, inflateBounded, type OutputBound } from './flate.js';
import { decodeAscii85, decodeAsciiHex, decodeLzw, decodeRunLength, unpredict } from './simple.js';

const ABBREVIATIONS: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  RL: 'RunLengthDecode',
  DCT: 'DCTDecode',
  CCF: 'CCITTFaxDecode',
};

const IMAGE_CODECS = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);

/** Result of decoding a stream. */
export interface DecodedStream {
  data: Uint8Array;
  /** Name of the image codec still applied to `data`, when the chain ended at one. */
  imageCodec?: string;
  /** True when the data was damaged and `data` holds only what decoded before the damage. */
  damaged?: boolean;
}

/** Filter names of a stream dictionary, abbreviations expanded. */
export function filterNames(dict: PdfDict): string[] {
  const f = dict.get('Filter');
  const list = Array.isArray(f) ? f : f === undefined ? [] : [f];
  return list
    .map((x) => asName(x))
    .filter((x): x is string => x !== undefined)
    .map((n) => ABBREVIATIONS[n] ?? n);
}

function applyPredictor(data: Uint8Array, parms: PdfDict | undefined): Uint8Array {
  if (!parms) return data;
  const predictor = asInt(parms.get('Predictor')) ?? 1;
  if (predictor <= 1) return data;
  return unpredict(data, predictor, asInt(parms.get('Colors')) ?? 1, asInt(parms.get('BitsPerComponent')) ?? 8, asInt(parms.get('Columns')) ?? 1);
}

/** Decodes `raw` through the filters of `dict`, charging the output to `budget`. */
export function decodeStreamData(dict: PdfDict, raw: Uint8Array, budget: Budget): DecodedStream {
  const names = filterNames(dict);
  const parmsValue: PdfObject | undefined = dict.get('DecodeParms') ?? dict.get('DP');
  const parmsList = Array.isArray(parmsValue) ? parmsValue : names.map(() => parmsValue ?? null);
  // past its allowance, a document decodes nothing more
  if (budget.exceeded?.reason === 'decompression_bomb') throw budget.exceeded;
  try {
    return decodeChain(names, parmsList, raw, budget);
  } catch (error) {
    if (!(error instanceof LimitExceededError)) throw error;
    // a stream stopped at the document's remaining allowance names the allowance, not the stream
    const allowance = error.reason === 'stream_too_large' && budget.remainingDecoded() < budget.limits.maxStreamBytes;
    throw budget.record(allowance ? budget.allowanceError() : error);
  }
}

function decodeChain(names: string[], parmsList: PdfObject, raw: Uint8Array, budget: Budget): DecodedStream {
  const limits = budget.limits;
  const bound: OutputBound = {
    maxBytes: Math.min(limits.maxStreamBytes, budget.remainingDecoded()),
    maxRatio: limits.maxDecompressionRatio,
    ratioFloor: limits.ratioFloorBytes,
  };
  let data = raw;
  let damaged = false;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const parms = asDict(asArray(parmsList)?.[i] ?? undefined);
    if (IMAGE_CODECS.has(name)) return damaged ? { data, imageCodec: name, damaged } : { data, imageCodec: name };
    // ratios are measured against the bytes stored in the file, across the whole chain
    const inputSize = raw.length;
    switch (name) {
      case 'FlateDecode': {
        const inflated = inflateBounded(data, bound, inputSize);
        damaged ||= !inflated.ok;
        data = applyPredictor(inflated.out, parms);
        break;
      }
      case 'LZWDecode': {
        const sink = new BoundedSink(bound, inputSize);
        decodeLzw(data, sink, asInt(parms?.get('EarlyChange')) ?? 1);
        data = applyPredictor(sink.result(), parms);
        break;
      }
      case 'ASCIIHexDecode': {
        const sink = new BoundedSink(bound, inputSize);
        decodeAsciiHex(data, sink);
        data = sink.result();
        break;
      }
      case 'ASCII85Decode': {
        const sink = new BoundedSink(bound, inputSize);
        decodeAscii85(data, sink);
        data = sink.result();
        break;
      }
      case 'RunLengthDecode': {
        const sink = new BoundedSink(bound, inputSize);
        decodeRunLength(data, sink);
        data = sink.result();
        break;
      }
      case 'Crypt':
        break; // identity crypt filter; decryption happened before the chain
      default:
        throw new UnreadableDocumentError(`Unknown stream filter /${name}.`, 'broken_structure');
    }
    budget.chargeDecoded(data.length);
  }
  return damaged ? { data, damaged } : { data };
}
