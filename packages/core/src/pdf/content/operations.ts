// Reads a content stream as a sequence of operations (an operator and its operands), the way
// pdf.js's content lexer does: glued keywords such as `ETBT` split along known operators, inline
// images skipped, names kept as plain text (content streams never need them interned), and a
// bound on the number of operations.
import { Lexer, Tok } from '../lexer.js';
import { asName, type PdfObject, PdfString } from '../objects.js';
import { parseObject } from '../parser.js';

/** A name operand (`/F1`), not interned. */
export class NameOperand {
  constructor(readonly name: string) {}
}

/** One operand of a content-stream operator. */
export type Operand = PdfObject | NameOperand;

/** The text of a name operand (or of a COS name), else undefined. */
export const nameOf = (v: Operand | undefined): string | undefined => (v instanceof NameOperand ? v.name : asName(v as PdfObject | undefined));

/** A number operand, else 0. */
export const numberOf = (v: Operand | undefined): number => (typeof v === 'number' ? v : 0);

/** Every content-stream operator; pdf.js splits glued keywords (`ETBT`) along these. */
const OPERATORS = new Set(
  'b B b* B* BDC BI BMC BT BX c cm CS cs d d0 d1 Do DP EI EMC ET EX f F f* G g gs h i ID j J K k l m M MP n q Q re RG rg ri s S SC sc SCN scn sh T* Tc Td TD Tf Tj TJ TL Tm Tr Ts Tw Tz v w W W* y \' "'.split(
    ' ',
  ),
);
const OPERATOR_PREFIXES = new Set([...OPERATORS].flatMap((op) => Array.from({ length: op.length }, (_, i) => op.slice(0, i + 1))));

/** Splits a keyword into operators the way pdf.js's content lexer reads it. */
export function splitOperators(keyword: string): string[] {
  if (OPERATORS.has(keyword)) return [keyword];
  const parts: string[] = [];
  let current = '';
  for (const ch of keyword) {
    if (current && !OPERATOR_PREFIXES.has(current + ch)) {
      parts.push(current);
      current = '';
    }
    current += ch;
  }
  if (current) parts.push(current);
  return parts;
}

/** Thrown when a content stream holds more operations than the reader's bound. */
export class TooManyOperations extends Error {
  override readonly name = 'TooManyOperations';
}

/**
 * Calls `visit(op, operands)` for each operation of `data`, in order. `operands` is reused
 * between calls. Unknown operators are visited too (as pdf.js warns and goes on). Throws
 * `TooManyOperations` past `maxOperations`.
 */
export function readOperations(data: Uint8Array, maxOperations: number, visit: (op: string, operands: Operand[]) => void): void {
  const lexer = new Lexer(data);
  const operands: Operand[] = [];
  let count = 0;
  for (;;) {
    const save = lexer.pos;
    const t = lexer.next();
    if (t === Tok.EOF) return;
    switch (t) {
      case Tok.Number:
        operands.push(lexer.num);
        continue;
      case Tok.Name:
        operands.push(new NameOperand(lexer.text));
        continue;
      case Tok.String:
      case Tok.HexString:
        operands.push(new PdfString(lexer.bytes, t === Tok.HexString));
        continue;
      case Tok.ArrayStart:
      case Tok.DictStart:
        lexer.pos = save;
        operands.push(parseObject(lexer, 32));
        continue;
      case Tok.Keyword:
        break;
      default:
        continue;
    }
    const keyword = lexer.text;
    if (OPERATORS.has(keyword)) {
      if (++count > maxOperations) throw new TooManyOperations(`more than ${maxOperations} operations`);
      if (keyword === 'BI') lexer.skipInlineImage();
      visit(keyword, operands);
      operands.length = 0;
      continue;
    }
    const ops = splitOperators(keyword);
    for (let k = 0; k < ops.length; k++) {
      if (++count > maxOperations) throw new TooManyOperations(`more than ${maxOperations} operations`);
      if (k > 0) operands.length = 0;
      const op = ops[k]!;
      if (op === 'BI') lexer.skipInlineImage();
      visit(op, operands);
    }
    operands.length = 0;
  }
}
