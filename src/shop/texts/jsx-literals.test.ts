/**
 * Every word a page shows is read from src/shop/texts (docs/architecture.md, "Texts"): a word
 * written between tags, or a literal aria-label, placeholder, title or alt, in a .tsx file of
 * src/features or src/components fails here. Read with TypeScript's own parser, so a word inside
 * an expression (`{text('cart.title')}`) is not one, and a `{' '}` or punctuation alone is allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FOLDERS = ['src/features', 'src/components'];
const ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt']);
/** A letter: anything else (punctuation, spaces, digits, symbols such as ₹ or ×) is not a word. */
const WORD = /\p{L}/u;

/**
 * Files not yet swept, each with how many words it still writes itself. This list only shrinks:
 * a file swept comes off it, and the test fails if a listed file has fewer words than listed.
 */
const NOT_YET_SWEPT: Record<string, number> = {};

function tsxFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

/** The words a file writes in its JSX itself, each as `line: words`. */
function literalWords(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && WORD.test(node.text)) found.push(`${at(node)}: ${node.text.trim()}`);
    if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
          ? value.expression
          : undefined;
      if (literal && WORD.test(literal.text)) found.push(`${at(node)}: ${node.name.getText(file)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the words in src/features and src/components', () => {
  const files = FOLDERS.flatMap(tsxFiles);

  it('finds a word between tags and a literal aria-label, placeholder, title or alt', () => {
    expect(
      literalWords('const a = <p title="Cart" alt={"x y"} placeholder={t}>{text("a")} Add {" "}<b>, 2 ×</b></p>;'),
    ).toEqual(['1: title="Cart"', '1: alt="x y"', '1: Add']);
  });

  it.each(files.filter((file) => !(file in NOT_YET_SWEPT)))('%s reads every word from src/shop/texts', (file) => {
    expect(literalWords(readFileSync(path.join(ROOT, file), 'utf8'), file)).toEqual([]);
  });

  it.each(Object.entries(NOT_YET_SWEPT))('%s, not yet swept, writes no more words than listed', (file, count) => {
    expect(literalWords(readFileSync(path.join(ROOT, file), 'utf8'), file)).toHaveLength(count);
  });
});
