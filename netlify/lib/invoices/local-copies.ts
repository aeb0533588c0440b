/**
 * The embedded default's invoices (docs/shop-rules.md §11, §12): each invoice and credit note, as
 * issued, written to `<dir>/<number>.json` (`OUO-26-27-000001`: a serial's `/` cannot name a
 * file) for a developer to read; its page and PDF are the function's. Not drawn here: a PDF per
 * booking in the booking's own request slowed a burst of 200 bookings (bench:orders). The order
 * log holds the document either way; a copy that cannot be written is only a warning.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CreditNote, Invoice } from '#shop/invoice/index.ts';
import { fileInFolder } from '../../../src/content/local-file.server.ts';
import { documentFileName } from './links.ts';

export function localInvoiceCopies(dir: string): (document: Invoice | CreditNote) => Promise<void> {
  return async (document) => {
    const file = fileInFolder(dir, `${documentFileName(document.number)}.json`);
    try {
      await mkdir(resolve(dir), { recursive: true });
      await writeFile(file, `${JSON.stringify(document, null, 2)}\n`, 'utf8');
    } catch (error) {
      console.warn(`invoices: the local copy ${file} was not written: ${String(error)}`);
    }
  };
}
