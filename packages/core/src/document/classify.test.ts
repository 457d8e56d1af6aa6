import { describe, expect, it } from 'vitest';
import { classifyText, firstDate, issueDate } from './classify.js';

describe('classifyText', () => {
  it('recognises the classes of loan documents from their wording', () => {
    expect(
      classifyText('First Bank — Account statement. Statement period Mar 1 to Mar 31. Opening balance 1,000.00 Deposits Withdrawals Closing balance 900.00'),
    ).toBe('bank_statement');
    expect(classifyText('ACME Inc. Earnings Statement. Pay date 05/31/2024. Regular Overtime Gross pay Federal tax Social security Net pay YTD')).toBe(
      'paystub',
    );
    expect(classifyText('Form W-2 Wage and Tax Statement 2023. Employer identification number. Internal Revenue Service')).toBe('tax_form');
    // a W-2 as printed, with the payroll words a pay stub also has: its box labels decide
    expect(
      classifyText(
        "Form W-2 Wage and Tax Statement 2025. Copy B To Be Filed With Employee's FEDERAL Tax Return. b Employer identification number (EIN). 1 Wages, tips, other compensation 2 Federal income tax withheld 3 Social security wages 4 Social security tax withheld 5 Medicare wages and tips 6 Medicare tax withheld",
      ),
    ).toBe('tax_form');
    expect(classifyText('City Power. Service address 1 Main St. Billing period. 523 kWh. Amount due 84.20. Due date 04/15/2024')).toBe('utility_bill');
    expect(classifyText('PASSPORT Nationality USA Date of birth 01 JAN 1980 Sex F Place of birth Ohio Expires 2030')).toBe('id_document');
  });

  it('says other when the evidence is thin or split', () => {
    expect(classifyText('Meeting notes about the new office.')).toBe('other');
    expect(classifyText('statement balance')).toBe('other');
  });
});

describe('issue dates', () => {
  it('reads labelled dates in the usual formats, month first unless impossible', () => {
    expect(issueDate(['Statement date: 03/31/2024'])).toBe('2024-03-31');
    expect(issueDate(['Pay date 31/05/2024'])).toBe('2024-05-31');
    expect(issueDate(['Bill date: April 2, 2024'])).toBe('2024-04-02');
    expect(issueDate(['Issue date 2 April 2024'])).toBe('2024-04-02');
    expect(issueDate(['Statement period 2024-03-01 to 2024-03-31'])).toBe('2024-03-31');
    expect(issueDate(['No dates here'])).toBeUndefined();
  });

  it('rejects impossible dates', () => {
    expect(firstDate('31/02/2024')).toBeUndefined();
    expect(firstDate('13/13/2024')).toBeUndefined();
  });
});
