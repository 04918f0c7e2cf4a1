/**
 * The little layout the money PDFs share, over pdfkit: A4, Helvetica (one of PDF's standard fonts,
 * so nothing is embedded and the text stays extractable), headings, label/amount rows and tables
 * with right-aligned amount columns that carry over to a new page (the header repeated) when a page
 * is full. Amounts are written by `formatEuros` as the legal documents write them ("EUR 5.50").
 */
import PDFDocument from "pdfkit";
import type { Cents } from "./cents";
import { formatEuros } from "./format";

export const eur = (amount: Cents) => formatEuros(amount, { currency: "code", decimals: "always" });

const MARGIN = 50;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";

export interface Column {
  label: string;
  width: number;
  align?: "left" | "right";
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<void>;

  constructor(info: { title: string; author: string; subject: string }) {
    this.doc = new PDFDocument({
      size: "A4",
      margin: MARGIN,
      info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.author },
      lang: "en-GB",
      displayTitle: true,
    });
    this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve());
      this.doc.on("error", reject);
    });
    this.doc.font(FONT).fontSize(10);
  }

  get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  /** A new page when fewer than `height` points are left on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.doc.page.height - MARGIN) this.doc.addPage();
  }

  title(text: string, subtitle?: string): void {
    this.doc.font(BOLD).fontSize(18).text(text, MARGIN, this.doc.y);
    if (subtitle) this.doc.font(FONT).fontSize(11).fillColor("#444444").text(subtitle).fillColor("black");
    this.doc.font(FONT).fontSize(10).moveDown(0.8);
  }

  heading(text: string): void {
    this.ensure(60);
    this.doc.moveDown(0.6).font(BOLD).fontSize(12).text(text, MARGIN, this.doc.y).font(FONT).fontSize(10).moveDown(0.3);
  }

  paragraph(text: string, options: { size?: number; color?: string } = {}): void {
    this.ensure(24);
    this.doc
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? "black")
      .text(text, MARGIN, this.doc.y, { width: this.width })
      .fillColor("black")
      .fontSize(10)
      .moveDown(0.3);
  }

  /** "Label ........ EUR 5.50": a label and its value on one line, the value right-aligned. */
  row(label: string, value: string, options: { bold?: boolean } = {}): void {
    this.ensure(16);
    const y = this.doc.y;
    const valueWidth = 160;
    this.doc.font(options.bold ? BOLD : FONT);
    this.doc.text(label, MARGIN, y, { width: this.width - valueWidth - 10 });
    const after = this.doc.y;
    this.doc.text(value, MARGIN + this.width - valueWidth, y, { width: valueWidth, align: "right" });
    this.doc.font(FONT);
    this.doc.y = Math.max(after, this.doc.y) + 2;
    this.doc.x = MARGIN;
  }

  rule(): void {
    this.doc
      .moveTo(MARGIN, this.doc.y)
      .lineTo(MARGIN + this.width, this.doc.y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke()
      .strokeColor("black");
    this.doc.moveDown(0.3);
  }

  /** A table: the header row in bold, then one line per row; the header again on each new page. */
  table(columns: Column[], rows: string[][], options: { size?: number } = {}): void {
    const size = options.size ?? 8;
    const line = (cells: string[], bold: boolean) => {
      this.doc.font(bold ? BOLD : FONT).fontSize(size);
      const height = Math.max(...cells.map((cell, i) => this.doc.heightOfString(cell, { width: columns[i].width - 4 })));
      if (this.doc.y + height > this.doc.page.height - MARGIN) {
        this.doc.addPage();
        if (!bold)
          line(
            columns.map((c) => c.label),
            true,
          );
      }
      const y = this.doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        this.doc.text(cell, x, y, { width: columns[i].width - 4, align: columns[i].align ?? "left" });
        x += columns[i].width;
      });
      this.doc.y = y + height + 3;
      this.doc.x = MARGIN;
    };
    line(
      columns.map((c) => c.label),
      true,
    );
    for (const row of rows) line(row, false);
    this.doc.font(FONT).fontSize(10).moveDown(0.3);
  }

  /** The finished file. */
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    this.doc.end();
    await this.ended;
    const joined = Buffer.concat(this.chunks);
    const out = new Uint8Array(joined.byteLength);
    out.set(joined);
    return out;
  }
}
