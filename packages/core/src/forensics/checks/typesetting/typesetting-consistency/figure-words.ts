// What the typesetting checks read a page's words by: which words are amounts as a table prints
// them, and dates written in figures; which font family a word is set in, its size and whether it
// runs across the page.
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';

/** A word the interpreter painted. */
export type TextEvent = Extract<PaintEvent, { kind: 'text' }>;

/** An amount as printed in a column: digits with grouping, two decimals, a sign, currency or CR/DR. */
export const FIGURE = /^[(\-−]?[$€£]?\d{1,3}(?:[,.' ]\d{3})*[.,]\d{2}\)?-?(?:CR|DR)?$/;

/** A date in figures, as one word: 03/15/2024, 15.03.24, 2024-03-15. */
export const DATE = /^(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{2}|\d{4})|\d{4}[/.-]\d{1,2}[/.-]\d{1,2})$/;

/** True for an amount or a date: the figures a forger changes, whose typesetting the checks hold against the page's. */
export const figureThatMatters = (text: string): boolean => FIGURE.test(text) || DATE.test(text);

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

/** A word's height: its box runs from 0.2 em below the baseline to 0.8 em above (text-interpreter.ts), one em. */
export const heightOf = (e: TextEvent): number => e.box[3] - e.box[1];

/**
 * True when a word runs left to right on the page: its box is wider than a third of an em a
 * character (a word turned a quarter is an em wide whatever its length, and its box's bottom is no
 * baseline).
 */
export const horizontal = (e: TextEvent): boolean => e.box[2] - e.box[0] >= (heightOf(e) * e.text.trim().length) / 3;
