// A tagged PDF as recap.ts makes it (PDF/UA identification, structure tree, document language,
// displayed title, embedded Titillium Web), with small helpers for headings, paragraphs, lists
// and links, for the informative documents of the service page.
import PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR } from './fonts.ts';
import type { Language } from '#shared/constants.ts';

const TEXT = '#1a1a1a';
const HEADING = '#003366';
const LINK = '#0066cc';
const MUTED = '#4d4d4d';

export interface TaggedPdfOptions {
  language: Language;
  title: string;
  subject: string;
  author: string;
}

export interface TaggedPdf {
  heading(text: string, level: 'H1' | 'H2' | 'H3'): void;
  paragraph(text: string, options?: { size?: number; muted?: boolean }): void;
  /** A label in bold followed by its text, in one paragraph. */
  labelled(label: string, text: string): void;
  /** A bulleted list, tagged L > LI > (Lbl, LBody). */
  list(items: readonly string[]): void;
  /** A paragraph whose text is an external link (underlined, with a Link annotation). */
  link(text: string, url: string): void;
  /** Finishes the document and resolves with its bytes. */
  finish(): Promise<Buffer>;
}

export function createTaggedPdf(options: TaggedPdfOptions): TaggedPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    pdfVersion: '1.7',
    // pdfkit's types list only the PDF/A subsets; 'PDF/UA' is supported at run time (initPDFUA).
    subset: 'PDF/UA' as never,
    tagged: true,
    lang: options.language === 'it' ? 'it-IT' : 'en-GB',
    displayTitle: true,
    info: { Title: options.title, Author: options.author, Subject: options.subject, Creator: 'SUAP portal' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  const sizes = { H1: 20, H2: 15, H3: 12.5 } as const;

  return {
    heading(text, level) {
      doc.moveDown(level === 'H1' ? 0 : level === 'H2' ? 1 : 0.6);
      root.add(doc.struct(level, {}, () => doc.font('bold').fontSize(sizes[level]).fillColor(HEADING).text(text)));
      doc.moveDown(0.2);
    },
    paragraph(text, { size = 11, muted = false } = {}) {
      root.add(
        doc.struct('P', {}, () =>
          doc
            .font('regular')
            .fontSize(size)
            .fillColor(muted ? MUTED : TEXT)
            .text(text, { paragraphGap: 4 }),
        ),
      );
    },
    labelled(label, text) {
      root.add(
        doc.struct('P', {}, () =>
          doc.font('bold').fontSize(10.5).fillColor(TEXT).text(`${label} `, { continued: true }).font('regular').text(text, { paragraphGap: 3 }),
        ),
      );
    },
    list(items) {
      const list = doc.struct('L');
      root.add(list);
      for (const item of items) {
        const entry = doc.struct('LI');
        list.add(entry);
        entry.add(doc.struct('Lbl', {}, () => doc.font('regular').fontSize(11).fillColor(TEXT).text('•', { continued: true, indent: 8 })));
        entry.add(doc.struct('LBody', {}, () => doc.font('regular').fontSize(11).fillColor(TEXT).text(`  ${item}`, { paragraphGap: 3 })));
        entry.end();
      }
      list.end();
    },
    link(text, url) {
      root.add(doc.struct('P', {}, () => doc.font('regular').fontSize(11).fillColor(LINK).text(text, { link: url, underline: true, paragraphGap: 4 })));
    },
    finish() {
      root.end();
      doc.end();
      return done;
    },
  };
}
