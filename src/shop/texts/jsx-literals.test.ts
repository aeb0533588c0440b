/**
 * Every word a page shows is read from src/shop/texts (docs/architecture.md, "Texts"): a word
 * written between tags, a literal aria-label, placeholder, title or alt, or a string or template
 * literal that reads as words (a letter, a space and a letter; or a capitalised word) anywhere in
 * a .tsx file of src/features, src/components or src/routes fails here: `{busy ? 'Processing...' :
 * …}`, `` `Order ${id} placed` ``, a route's `meta` title. Read with TypeScript's own parser, so a
 * key (`{text('cart.title')}`) is not a word, and a `{' '}` or punctuation alone is allowed. Not
 * words: import and export specifiers, and the values of the attributes in TECHNICAL_ATTRIBUTES.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FOLDERS = ['src/features', 'src/components', 'src/routes'];
const ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt']);
/** A letter: anything else (punctuation, spaces, digits, symbols such as ₹ or ×) is not a word. */
const WORD = /\p{L}/u;
/** A string that reads as words: a letter, a space and a letter; or a capitalised word (not inside a key or path: `product.n6Digits`). */
const WORDS = /\p{L} \p{L}|(?<![\p{L}\p{N}./])\p{Lu}\p{Ll}/u;
/** Attributes whose values are names for the machine, never shown: class names, ids, types, addresses, data. */
const TECHNICAL_ATTRIBUTES =
  /^(?:className|key|id|type|name|href|to|rel|role|data-.+|autoComplete|inputMode|lang|sizes|srcSet)$/;
/** Strings that look like words and are not shown to a shopper, each with why. Keep it short. */
const NOT_WORDS = new Set([
  // KeyboardEvent.key values compared against (Header's menu, QuantityStepper, Carousel).
  'Escape',
  'Enter',
  'ArrowLeft',
  'ArrowRight',
  // Meta Pixel standard event names (src/features/analytics): fixed by Meta, never shown.
  'ViewContent',
  'AddToCart',
  'InitiateCheckout',
  'Lead',
  // An IANA time zone id, given to Intl.DateTimeFormat.
  'Asia/Kolkata',
  // The guides' content types (content/types.ts), matched against the data (WhyItMattersPage's sections).
  'Pillar',
  'Statement',
  'Project',
]);

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
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxAttribute(node) && TECHNICAL_ATTRIBUTES.test(node.name.getText(file))) return;
    // A programmer's message (`throw new Error('useCart must be used inside <CartProvider>.')`) and a module path are not a shopper's words.
    if (ts.isNewExpression(node) && node.expression.getText(file) === 'Error') return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    // The developer console's words (`console.warn('Review not sent:', …)`): never a shopper's.
    if (ts.isCallExpression(node) && node.expression.getText(file).startsWith('console.')) return;
    const words =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{}')
          : undefined;
    if (words !== undefined && WORDS.test(words) && !NOT_WORDS.has(words)) found.push(`${at(node)}: '${words}'`);
    if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
          ? value.expression
          : undefined;
      if (literal && WORD.test(literal.text)) {
        found.push(`${at(node)}: ${node.name.getText(file)}="${literal.text}"`);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the words in src/features, src/components and src/routes', () => {
  const files = FOLDERS.flatMap(tsxFiles);

  it('finds a word between tags and a literal aria-label, placeholder, title or alt', () => {
    expect(
      literalWords('const a = <p title="Cart" alt={"x y"} placeholder={t}>{text("a")} Add {" "}<b>, 2 ×</b></p>;'),
    ).toEqual(['1: title="Cart"', '1: alt="x y"', '1: Add']);
  });

  it('finds words in a string or template literal, and leaves names for the machine alone', () => {
    expect(
      literalWords(
        [
          "import a from 'A b';",
          "const b = busy ? 'Processing...' : `Order $" + '{id} placed`;',
          "const c = <a className=\"Big one\" data-x='Y z' href='/Blog' onClick={() => f('Free')}>{text('product.n6Digits')}</a>;",
          "if (key === 'Escape') throw new Error('Must be inside');",
          "console.warn('Not sent:', message);",
          "const d = import('./CancelOrder.tsx');",
        ].join('\n'),
      ),
    ).toEqual(["2: 'Processing...'", "2: 'Order {} placed'", "3: 'Free'"]);
  });

  it.each(files.filter((file) => !(file in NOT_YET_SWEPT)))('%s reads every word from src/shop/texts', (file) => {
    expect(literalWords(readFileSync(path.join(ROOT, file), 'utf8'), file)).toEqual([]);
  });

  it.each(Object.entries(NOT_YET_SWEPT))('%s, not yet swept, writes no more words than listed', (file, count) => {
    expect(literalWords(readFileSync(path.join(ROOT, file), 'utf8'), file)).toHaveLength(count);
  });
});
