/**
 * The Vault's PDFs, made at build time with pdfkit from site/content/downloads.ts (issue #8: the
 * "PDF" downloads were HTML pages). US Letter, the standard Helvetica faces (nothing to embed), the
 * brand's clay for headings, a tick box before every checklist item. The creation date is fixed so a
 * rebuild of the same content gives the same bytes.
 */
import PDFDocument from 'pdfkit';
import { BUSINESS } from '../shared/business.ts';
import type { Guide } from './content/downloads.ts';

const CLAY = '#7a4b2a';
const INK = '#2b2118';
const MUTED = '#62513f';
const MARGIN = 60;
const BOX = 9;

export function guidePdf(g: Guide): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: g.title,
      Author: BUSINESS.legalName,
      Subject: g.lead,
      CreationDate: new Date(Date.UTC(BUSINESS.copyrightYear, 0, 1)),
    },
    lang: 'en-US',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on('end', () => ok(Buffer.concat(chunks)));
    doc.on('error', fail);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(9).fillColor(CLAY).text(`${BUSINESS.legalName.toUpperCase()} · THE VAULT`, { characterSpacing: 1.2 });
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(26).fillColor(INK).text(g.title);
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(g.lead, { width, lineGap: 2 });

  for (const s of g.sections) {
    doc.moveDown(1.1);
    // Keep a heading with at least its first item.
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(15).fillColor(CLAY).text(s.heading, MARGIN);
    doc.moveDown(0.35);
    doc.font('Helvetica').fontSize(11.5).fillColor(INK);
    for (const item of s.items) {
      const indent = BOX + 10;
      const h = doc.heightOfString(item, { width: width - indent, lineGap: 2 });
      if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
      const y = doc.y;
      doc
        .lineWidth(1)
        .strokeColor(CLAY)
        .rect(MARGIN, y + 2, BOX, BOX)
        .stroke();
      doc.text(item, MARGIN + indent, y, { width: width - indent, lineGap: 2 });
      doc.moveDown(0.4);
    }
  }

  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(g.footer, MARGIN, doc.y, { width, lineGap: 1.5 });
  doc.moveDown(0.5);
  doc.text(`© ${BUSINESS.copyrightYear} ${BUSINESS.legalName}`);
  doc.end();
  return done;
}
