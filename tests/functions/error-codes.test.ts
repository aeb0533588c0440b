/**
 * The API's error codes are one closed set (`ERROR_CODES`, src/shop/error-codes.ts), both ways: every
 * code the server can send is one the pages parse (the types make any other a compile error, and
 * the envelope schema refuses it), and every code in the set is sent somewhere — a code nothing
 * sends any more is taken out of the set, not left to rot.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { errorResponse } from '../../netlify/lib/platform/http.ts';
import { ALL_ERROR_CODES, type ErrorEnvelope } from '../../src/shop/error-codes.ts';
import { errorEnvelopeSchema } from '../../src/shop/schemas/index.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The server's own source files, without tests: the functions, netlify/lib and the shop core. */
function serverFiles(): string[] {
  return ['netlify', 'src/shop'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(dir, file))
      .filter((file) => /\.m?ts$/.test(file) && !file.endsWith('.test.ts') && !file.endsWith('error-codes.ts')),
  );
}

/**
 * Every code the server's source sends: the literal code of each `errorResponse(status, 'CODE', …)`
 * and `fail(status, 'CODE', …)`, and the `code: 'CODE'` of a refusal built in the shop core or a
 * function (`priceLines`, `deliveryRefusal`, /api/health) and passed on from there.
 */
function sentCodes(): Set<string> {
  const sent = new Set<string>();
  for (const file of serverFiles()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const [, code] of text.matchAll(/\b(?:errorResponse|fail)\(\s*\d{3},\s*'([A-Z_]+)'/g))
      sent.add(code as string);
    if (file.startsWith('src/shop') || file.startsWith('netlify/functions')) {
      for (const [, code] of text.matchAll(/\bcode: '([A-Z_]+)'/g)) sent.add(code as string);
    }
  }
  return sent;
}

describe('the error codes', () => {
  it.each(ALL_ERROR_CODES)('%s, as the server sends it, is parsed by the pages', async (code) => {
    const body = await errorResponse(400, code, 'Something is wrong.').json();
    expect(errorEnvelopeSchema.parse(body)).toEqual({ error: { code, message: 'Something is wrong.' } });
  });

  it('reads a code outside the set (a newer server, an older tab) as INTERNAL_ERROR with its message', () => {
    expect(errorEnvelopeSchema.parse({ error: { code: 'SOMETHING_NEW', message: 'x' } })).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'x' },
    });
    // What is not our envelope at all (no message: another server's error page) is still refused.
    expect(errorEnvelopeSchema.safeParse({ error: { code: 'SOMETHING_NEW' } }).success).toBe(false);
  });

  it('are each sent by the server somewhere, and the server sends no other', () => {
    const sent = sentCodes();
    expect(ALL_ERROR_CODES.filter((code) => !sent.has(code))).toEqual([]);
    expect([...sent].filter((code) => !(ALL_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('give the server and the pages one envelope type', () => {
    expectTypeOf<z.infer<typeof errorEnvelopeSchema>>().toEqualTypeOf<ErrorEnvelope>();
  });
});
