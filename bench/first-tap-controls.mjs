import { text } from '../src/shop/texts/server.ts';
// @ts-check
// What `npm run bench:first-tap` taps on each route, and what counts as the tap's visible effect
// (issue 36). Each control is a Target and its effect a list of Conditions, all of which must hold
// (bench/first-tap-page.mjs reads them in the page). The selectors follow the components named
// beside each; a control whose effect never shows on a live page fails the bench before it measures
// anything (bench/first-tap.mjs checks each one first), so a renamed class cannot pass as a lost tap.

/** @typedef {import('./first-tap-page.mjs').Target} Target */
/** @typedef {import('./first-tap-page.mjs').Condition} Condition */
/**
 * @typedef {{
 *   id: string,
 *   label: string,
 *   control: Target,
 *   effect: readonly Condition[],
 *   shows: string,
 * }} TapControl
 *   `label`: the control's name in the table; `shows`: its visible effect in words.
 * @typedef {{ route: string, withCart: boolean, controls: readonly TapControl[] }} TapRoute
 */

/** The target of issue 36: every tap's effect shows within this, measured from the tap. */
export const TARGET_MS = 200;

/** When each tap is made, in ms after the page's first contentful paint (a fresh load for each). */
export const TAP_TIMES_MS = /** @type {const} */ ([0, 500, 1000, 2000]);

/** The header's menu button (src/features/shell/Header.tsx), on every page; on a phone the panel slides in. */
const MENU = /** @type {TapControl} */ ({
  id: 'menu',
  label: 'menu',
  control: { selector: 'button.site-header__burger' },
  effect: [{ selector: 'nav.site-nav', read: 'visible', equals: 'true' }],
  shows: 'the menu panel is shown (visible; it then slides in over 0.2 s)',
});

/** The size the bench picks on the product page: not the first, which is chosen already. */
const SIZE = '295gm';

/** @type {readonly TapRoute[]} */
export const TAP_ROUTES = [
  {
    route: '/',
    withCart: false,
    controls: [
      {
        // The product cards' photo carousel (src/components/carousel/Carousel.tsx); the home page's
        // hero has none, so the first card's, below it.
        id: 'carousel-next',
        label: 'carousel next',
        control: { selector: '.product-grid > li:first-child .carousel__button--next' },
        effect: [
          {
            selector: '.product-grid > li:first-child [aria-roledescription="slide"]',
            read: '@aria-label',
            startsWith: '2 of ',
          },
        ],
        shows: "the first card's carousel shows its second photo",
      },
      MENU,
    ],
  },
  {
    route: '/products',
    withCart: false,
    controls: [
      {
        // ChoiceChips in src/features/catalogue/ProductsPage.tsx.
        id: 'category-filter',
        label: 'category filter (Dairy)',
        control: { selector: '.category-filter .chip', text: 'Dairy' },
        effect: [{ selector: '.product-grid .product-card__badges > .tag:first-child', all: true, equals: 'Dairy' }],
        shows: 'the product list shows only Dairy products',
      },
      MENU,
    ],
  },
  {
    route: '/products/3',
    withCart: false,
    controls: [
      {
        // src/features/catalogue/ProductDetail.tsx; the cart is empty, so the badge shows 1.
        id: 'add-to-cart',
        label: 'Add to Cart',
        control: { selector: '.product-detail__buy button.button', text: 'Add to Cart' },
        effect: [{ selector: '[data-testid="cart-count"]', equals: '1' }],
        shows: "the header's cart badge shows 1",
      },
      {
        // SizeSelector: a radio button, checked by the browser at once; the price is React's.
        id: 'size',
        label: `size (${SIZE})`,
        control: { selector: `label.size-selector__option:has(> input[value="${SIZE}"])` },
        effect: [
          { selector: `.size-selector input[value="${SIZE}"]`, read: 'checked', equals: 'true' },
          {
            // One price per size; the chosen one is shown (ProductDetail).
            selector: '.product-detail__price:not([hidden]) .price',
            sameTextAs: { selector: `label.size-selector__option:has(> input[value="${SIZE}"]) .price` },
          },
        ],
        shows: `the ${SIZE} radio is checked and the price shown is ${SIZE}'s`,
      },
      {
        // QuantityStepper beside Add to Cart, starting at 1.
        id: 'quantity',
        label: 'quantity +',
        control: { selector: '.product-detail__buy button[aria-label="Increase quantity"]' },
        effect: [{ selector: '.product-detail__buy input[aria-label="Quantity"]', read: 'value', equals: '2' }],
        shows: "the stepper's number reads 2",
      },
      MENU,
    ],
  },
  {
    route: '/who-are-we/recipes',
    withCart: false,
    controls: [
      {
        // The editors' ingredient chips, the first chip group of src/features/guides/RecipesPage.tsx.
        id: 'recipe-filter',
        label: 'recipe filter (Rajma)',
        control: { selector: '.filters > fieldset:first-of-type .chip', text: 'Rajma' },
        effect: [{ selector: 'ul[aria-label="Recipes"] > li', all: true, includes: 'rajma' }],
        shows: 'the recipe list shows only recipes with rajma',
      },
      MENU,
    ],
  },
  {
    route: '/cart',
    withCart: true,
    controls: [
      {
        // src/features/cart/CartPage.tsx: the line is drawn from storage once the page is live.
        id: 'quantity',
        label: 'quantity +',
        control: {
          selector: 'ul[aria-label="Items in your cart"] > li:first-child button[aria-label="Increase quantity"]',
        },
        effect: [
          {
            selector: 'ul[aria-label="Items in your cart"] > li:first-child input[aria-label="Quantity"]',
            read: 'value',
            equals: '2',
          },
        ],
        shows: "the line's quantity reads 2",
      },
      MENU,
    ],
  },
  {
    route: '/checkout',
    withCart: true,
    controls: [
      {
        // OrderSummary's submit; with the form empty the page answers with an error toast.
        id: 'place-order',
        label: 'Place Order (empty form)',
        control: { selector: '.checkout__summary button[type="submit"]', text: 'Place Order' },
        // The page's alert region, or the one the early script adds before the page is live (src/early/toast.ts).
        effect: [{ selector: '.toast-region[role="alert"]:not(:empty)', includes: text('forms.required') }],
        shows: `the message '${text('forms.required')}' is shown`,
      },
      MENU,
    ],
  },
];

/** The control whose effect, checked on the live page first, leaves the cart the bench seeds for /cart and /checkout. */
export const CART_SEED = { route: '/products/3', control: 'add-to-cart' };

/**
 * Whether a condition says what it needs, exactly once: a selector and one comparison.
 * @param {Condition} condition
 * @returns {string | null} what is wrong, or null
 */
export function conditionProblem(condition) {
  if (!condition.selector) return 'no selector';
  const comparisons = ['equals', 'startsWith', 'includes', 'sameTextAs'].filter(
    (key) => /** @type {Record<string, unknown>} */ (condition)[key] !== undefined,
  );
  if (comparisons.length !== 1)
    return `${comparisons.length === 0 ? 'no comparison' : `${comparisons.join(' and ')} together`} in ${condition.selector}`;
  const read = condition.read ?? 'text';
  if (!['text', 'value', 'checked', 'visible'].includes(read) && !/^@[\w-]+$/.test(read))
    return `cannot read ${read} of ${condition.selector}`;
  return null;
}

/**
 * The effect in one line, for the results: `nav.site-nav visible = "true"`.
 * @param {readonly Condition[]} effect
 */
export function describeEffect(effect) {
  return effect
    .map((condition) => {
      const read = condition.read ?? 'text';
      const what = `${condition.all ? 'every ' : ''}${condition.selector}${condition.text ? ` ("${condition.text}")` : ''} ${read}`;
      if (condition.equals !== undefined) return `${what} = ${JSON.stringify(condition.equals)}`;
      if (condition.startsWith !== undefined) return `${what} starts with ${JSON.stringify(condition.startsWith)}`;
      if (condition.includes !== undefined) return `${what} includes ${JSON.stringify(condition.includes)}`;
      return `${what} = the text of ${condition.sameTextAs?.selector}`;
    })
    .join(' and ');
}
