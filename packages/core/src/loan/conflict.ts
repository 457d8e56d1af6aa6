// What a loan's documents say against each other, as one shape for every kind of disagreement:
// the documents, the keys that tie them (the period, account or person they share), and each
// place where they differ with what every document prints there and a box on it, so a reviewer
// sees the two documents side by side. The document the others agree against is the suspect.
import type { PercentBox } from '../forensics/regions.js';

/** A box on one page of a document, in percent of the page. */
export interface LoanBox extends PercentBox {
  page: number;
}

/** What one document prints where the documents differ. */
export interface LoanValue {
  document: string;
  /** The words it prints there (empty when it prints nothing there). */
  text: string;
  /** Where they are (empty when it prints nothing there). */
  boxes: LoanBox[];
}

/** One place where the documents differ: what each prints there, in the order the documents are named. */
export interface LoanDifference {
  /** What the place is, when it has a name ("closing balance → next opening balance"). */
  label?: string;
  values: LoanValue[];
}

/** The kinds of disagreement between documents of one loan. */
export type LoanConflictCode =
  /** Versions of one document (the same dates and identifiers) print different words. */
  | 'loan_document_versions_differ'
  /** A statement's closing balance is not the next statement's opening balance (the same account). */
  | 'loan_balance_not_carried'
  /** A pay stub's year to date is not the previous stub's plus this period's (the same employee). */
  | 'loan_ytd_not_carried'
  /** A stub's net pay is not the payroll deposit a statement of its pay date records from that employer. */
  | 'loan_net_pay_not_deposited'
  /** Consecutive documents of one record (an account whose balance carries, a payroll whose year to date carries) name different people or addresses. */
  | 'loan_party_differs'
  /** A letter of employment states another pay schedule or pay than the stubs of its employee and employer pay. */
  | 'loan_pay_terms_differ'
  /** A W-2's wages are below the net pay a stub of its year, employee and employer paid so far, or above the gross pay of its year's last stub. */
  | 'loan_wages_differ';

/** Documents of one loan that contradict each other. */
export interface LoanConflict {
  code: LoanConflictCode;
  /** The documents, in the order they were given (oldest first). */
  documents: string[];
  /** What ties them: the dates, identifiers or periods they share. */
  keys: string[];
  /** Every place where they differ. */
  differences: LoanDifference[];
  /** The document the others agree against, when the loan says which. */
  suspect?: string;
  summary: string;
}
