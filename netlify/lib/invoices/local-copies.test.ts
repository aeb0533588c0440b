import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { makeCreditNote, makeInvoice } from '#tests/support/invoices.ts';
import { localInvoiceCopies } from './local-copies.ts';

describe('localInvoiceCopies', () => {
  it('writes each document as JSON, named by its number', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-invoices-'));
    const keep = localInvoiceCopies(path.join(dir, 'invoices'));
    await keep(makeInvoice());
    await keep(makeCreditNote());
    expect(JSON.parse(await readFile(path.join(dir, 'invoices', 'OUO-26-27-000123.json'), 'utf8'))).toEqual(
      makeInvoice(),
    );
    expect(JSON.parse(await readFile(path.join(dir, 'invoices', 'CN-26-27-000007.json'), 'utf8')).kind).toBe(
      'credit-note',
    );
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
