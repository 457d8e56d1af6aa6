// What the typesetting checks read a page's words by: which words are amounts as a table prints
// them, and which font family a word is set in.
import type { PaintEvent } from '../../pdf/content/text-interpreter.js';

/** A word the interpreter painted. */
export type TextEvent = Extract<PaintEvent, { kind: 'text' }>;

/** An amount as printed in a column: digits with grouping, two decimals, a sign, currency or CR/DR. */
export const FIGURE = /^[(\-−]?[$€£]?\d{1,3}(?:[,.' ]\d{3})*[.,]\d{2}\)?-?(?:CR|DR)?$/;

/**
 * The family of a base font name: the subset prefix, the style (after "-" or ",", or a trailing
 * Bold, Italic, Regular...) and a trailing MT or PS left out, lower case — a total set in bold
 * is the same family as the figures above it.
 */
export function fontFamily(name: string): string {
  return name
    .replace(/^[A-Z]{6}\+/, '')
    .replace(/[-,].*$/, '')
    .replace(/(PS)?MT$|PS$/, '')
    .replace(/(Bold|Italic|Oblique|Regular|Roman|Medium|Light|Semibold|Book)+$/i, '')
    .toLowerCase();
}
