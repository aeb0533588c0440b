import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractText } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import { makeCreditNote, makeInvoice } from '#tests/support/invoices.ts';
import { localInvoiceCopies } from './local-copies.ts';

describe('localInvoiceCopies', () => {
  it('writes each document as JSON and as the PDF the function draws, named by its number', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-invoices-'));
    const keep = localInvoiceCopies(path.join(dir, 'invoices'));
    await keep(makeInvoice());
    await keep(makeCreditNote());
    expect(JSON.parse(await readFile(path.join(dir, 'invoices', 'OUO-26-27-000123.json'), 'utf8'))).toEqual(
      makeInvoice(),
    );
    const pdf = await readFile(path.join(dir, 'invoices', 'CN-26-27-000007.pdf'));
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text).toContain('CN/26-27/000007');
  });

  it('only warns when the folder cannot be written: the order log holds the document anyway', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-invoices-'));
    const blocked = path.join(dir, 'a-file');
    await writeFile(blocked, 'not a folder');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(localInvoiceCopies(blocked)(makeInvoice())).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('was not written'));
    warn.mockRestore();
  });
});
