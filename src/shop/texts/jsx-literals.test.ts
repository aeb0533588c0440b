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
const NOT_YET_SWEPT: Record<string, number> = {
  'src/features/blog/BlogPage.tsx': 1,
  'src/features/blog/Newsletter.tsx': 3,
  'src/features/blog/PolicyPage.tsx': 4,
  'src/features/blog/PostCard.tsx': 1,
  'src/features/blog/PostDetail.tsx': 6,
  'src/features/blog/RichText.tsx': 1,
  'src/features/cart/CartPage.tsx': 4,
  'src/features/cart/CartView.tsx': 15,
  'src/features/catalogue/DeliveryCheck.tsx': 4,
  'src/features/catalogue/Price.tsx': 1,
  'src/features/catalogue/ProductCard.tsx': 3,
  'src/features/catalogue/ProductDetail.tsx': 8,
  'src/features/catalogue/ProductStory.tsx': 5,
  'src/features/catalogue/ProductsPage.tsx': 1,
  'src/features/catalogue/SizeSelector.tsx': 1,
  'src/features/checkout/CheckoutPage.tsx': 13,
  'src/features/checkout/DeliveryFields.tsx': 2,
  'src/features/checkout/LocalPaymentDialog.tsx': 5,
  'src/features/checkout/OrderSummary.tsx': 10,
  'src/features/checkout/OutboxNotices.tsx': 4,
  'src/features/checkout/PaymentChoice.tsx': 5,
  'src/features/contact/ContactForm.tsx': 8,
  'src/features/contact/ContactPage.tsx': 6,
  'src/features/contact/Faq.tsx': 1,
  'src/features/filters/FilterParts.tsx': 4,
  'src/features/guides/NutritionPage.tsx': 4,
  'src/features/guides/RecipesPage.tsx': 9,
  'src/features/guides/WhyItMattersPage.tsx': 1,
  'src/features/home/HomePage.tsx': 1,
  'src/features/orders/OrderDetails.tsx': 13,
  'src/features/orders/OrderPage.tsx': 17,
  'src/features/orders/OrderTimeline.tsx': 3,
  'src/features/orders/TrackOrder.tsx': 7,
  'src/features/orders/TrackPage.tsx': 2,
  'src/features/reviews/ReviewForm.tsx': 8,
  'src/features/reviews/ReviewList.tsx': 9,
  'src/features/shell/ChatButton.tsx': 1,
  'src/features/shell/Footer.tsx': 4,
  'src/features/shell/Header.tsx': 1,
  'src/features/shell/NotFoundMessage.tsx': 2,
  'src/features/shell/PreviewBanner.tsx': 2,
  'src/features/staff-desk/StaffDeskPage.tsx': 14,
  'src/features/story/AboutPage.tsx': 1,
  'src/features/story/BatchDetails.tsx': 26,
  'src/features/story/BatchTimeline.tsx': 3,
  'src/features/story/QrCode.tsx': 1,
  'src/features/story/ValueChainChart.tsx': 3,
  'src/features/whatsapp-outbox/WhatsAppOutboxPage.tsx': 13,
  'src/components/Breadcrumb.tsx': 1,
  'src/components/QuantityStepper.tsx': 3,
  'src/components/carousel/Carousel.tsx': 2,
  'src/components/toast/ToastProvider.tsx': 1,
};

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
