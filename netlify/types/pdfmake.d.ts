/**
 * pdfmake 0.3's Node API, as far as netlify/lib/invoices/invoice-pdf.ts uses it: the package ships
 * no types, and @types/pdfmake describes 0.2, whose `require('pdfmake')` was a printer class (0.3
 * exports one ready instance). The document definition is pdfmake's own format, checked by pdfmake.
 */
declare module 'pdfmake' {
  export type Content = string | Content[] | { [property: string]: unknown };

  export interface DocumentDefinition {
    content: Content[];
    [property: string]: unknown;
  }

  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }

  interface PdfMake {
    /** Files by name, read before the disk: fonts put here are never read again. */
    virtualfs: { writeFileSync(name: string, data: Buffer): void };
    addFonts(fonts: Record<string, { normal: string; bold?: string; italics?: string; bolditalics?: string }>): void;
    setUrlAccessPolicy(allowed: (url: string) => boolean): void;
    setLocalAccessPolicy(allowed: (path: string) => boolean): void;
    createPdf(definition: DocumentDefinition): OutputDocument;
  }

  const pdfmake: PdfMake;
  export default pdfmake;
}
