// A wage statement (Form W-2) laid out by jsPDF as the IRS prints it — labels at the top of each
// box, figures under them, two copies on the page: its social security and Medicare taxes follow
// from the wages beside them; wages raised without their taxes are reported on both figures.
import type { DocumentResult } from '@loupe/core';
import { imageOnlyPdf } from '@loupe/fixtures/captures';
import { createNodeEngine, createPdfJsRaster } from '@loupe/node';
import { jsPDF } from 'jspdf';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine({ ocr: false, now: () => new Date('2026-11-22T12:00:00Z') });
afterAll(() => engine.dispose());

interface Boxes {
  wages: string;
  federal: string;
  ssWages: string;
  ssTax: string;
  medicareWages: string;
  medicareTax: string;
}

/** Two copies (B and C) of a W-2's wage boxes, each box a label with its figure under it. */
function w2(b: Boxes): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
  doc.setFont('helvetica', 'normal');
  for (const [copy, top] of [
    ['Copy B—To Be Filed With Employee’s FEDERAL Tax Return', 60],
    ['Copy C—For EMPLOYEE’S RECORDS', 420],
  ] as const) {
    doc.setFontSize(12);
    doc.text('Form W-2 Wage and Tax Statement 2025', 40, top);
    doc.setFontSize(7);
    doc.text(copy, 40, top + 12);
    doc.text('b Employer identification number (EIN) 12-3456789', 40, top + 30);
    doc.text('c Employer’s name, address, and ZIP code', 40, top + 44);
    doc.setFontSize(8);
    doc.text('Harbour Logistics Inc., 400 Pier Road, Portland ME 04101', 40, top + 56);
    const grid: [string, string, string, string][] = [
      ['1 Wages, tips, other compensation', b.wages, '2 Federal income tax withheld', b.federal],
      ['3 Social security wages', b.ssWages, '4 Social security tax withheld', b.ssTax],
      ['5 Medicare wages and tips', b.medicareWages, '6 Medicare tax withheld', b.medicareTax],
    ];
    grid.forEach(([l1, v1, l2, v2], i) => {
      const y = top + 90 + 36 * i;
      doc.setFontSize(6.5);
      doc.text(l1, 330, y);
      doc.text(l2, 460, y);
      doc.setFontSize(9);
      doc.text(v1, 440, y + 16, { align: 'right' });
      doc.text(v2, 570, y + 16, { align: 'right' });
      doc.rect(326, y - 8, 130, 34);
      doc.rect(456, y - 8, 130, 34);
    });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

const genuine: Boxes = { wages: '52,000.00', federal: '5,940.00', ssWages: '52,000.00', ssTax: '3,224.00', medicareWages: '52,000.00', medicareTax: '754.00' };
const codes = (d: DocumentResult) => d.indicators.map((i) => i.code);

describe('a wage statement', () => {
  it('passes when its taxes follow from its wages', async () => {
    const d = await engine.scan(w2(genuine), { name: 'w2.pdf' });
    expect(d.category).toBe('tax_form');
    expect(codes(d)).not.toContain('payroll_tax_mismatch');
    expect(d.checks_passed).toContain('arithmetic consistency');
  });

  it('reports wages raised without their taxes, on the tax and the wages of each copy', async () => {
    const raised = { ...genuine, wages: '72,000.00', ssWages: '72,000.00', medicareWages: '72,000.00' };
    const d = await engine.scan(w2(raised), { name: 'w2.pdf' });
    expect(codes(d)).toContain('payroll_tax_mismatch');
    expect(d.math_checks!.map((m) => m.formula)).toEqual(expect.arrayContaining(['social security tax withheld = 6.2% × social security wages']));
    expect(d.math_checks!.find((m) => m.formula.startsWith('social security'))).toMatchObject({ computed: '4,464.00', stated: '3,224.00' });
    // two copies, two pairs each
    expect(d.regions.filter((r) => r.indicator_code === 'payroll_tax_mismatch')).toHaveLength(8);
    expect(['SUSPICIOUS', 'FORGED']).toContain(d.verdict);
  });
});

describe('a wage statement scanned', () => {
  const reading = createNodeEngine({ now: () => new Date('2026-11-22T12:00:00Z') });
  afterAll(() => reading.dispose());

  const raster = createPdfJsRaster();
  const scanned = async (boxes: Boxes) => reading.scan(await imageOnlyPdf((await raster.renderPage(w2(boxes), 1, 200)).image), { name: 'w2-scan.pdf' });

  it('is read as a tax form by OCR: no payroll tax finding when genuine, raised wages found', async () => {
    const d = await scanned(genuine);
    expect(d.capture).toBe('scan');
    expect(d.category).toBe('tax_form');
    expect(codes(d)).not.toContain('payroll_tax_mismatch');
    expect(codes(await scanned({ ...genuine, wages: '72,000.00', ssWages: '72,000.00', medicareWages: '72,000.00' }))).toContain('payroll_tax_mismatch');
  }, 60_000);
});
