import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { conditionProblem, describeEffect, TAP_ROUTES } from './first-tap-controls.mjs';
import { pageReader, probeScript } from './first-tap-page.mjs';

/** A page shaped like the product page once a size is chosen, with the header's badge. */
const PAGE = `<!DOCTYPE html><html><body>
<header><a href="/cart"><span data-testid="cart-count">1</span></a></header>
<fieldset class="size-selector">
  <label class="size-selector__option"><input type="radio" name="s" value="120gm"> 120gm <span class="price">₹450</span></label>
  <label class="size-selector__option"><input type="radio" name="s" value="295gm" checked> 295gm
    <span class="price"><span class="price__now">₹1,067</span> <s>₹1,120</s></span></label>
</fieldset>
<p class="product-detail__price"><span class="price"><span class="price__now">₹1,067</span>   <s>₹1,120</s></span></p>
<input aria-label="Quantity" value="2">
<ul class="product-grid">
  <li><span class="tag">Dairy</span> <span class="chip">Next</span></li>
  <li><span class="tag">Dairy</span></li>
</ul>
<div aria-roledescription="slide" aria-label="2 of 3"></div>
<button class="chip">Rajma</button><button class="chip">Red Rice</button>
</body></html>`;

const reader = () => pageReader(new JSDOM(PAGE).window.document);

describe('pageReader', () => {
  it('finds a target by selector, and by its text when one is given', () => {
    expect(reader().find({ selector: '.chip' })?.textContent).toBe('Next');
    expect(reader().find({ selector: 'button.chip', text: 'Red Rice' })?.textContent).toBe('Red Rice');
    expect(reader().find({ selector: 'button.chip', text: 'Jimbu' })).toBeNull();
  });

  it('reads text with spaces collapsed, values, checked states and attributes', () => {
    const { holdsAll } = reader();
    expect(holdsAll([{ selector: '[data-testid="cart-count"]', equals: '1' }])).toBe(true);
    expect(holdsAll([{ selector: '.product-detail__price', equals: '₹1,067 ₹1,120' }])).toBe(true);
    expect(holdsAll([{ selector: 'input[aria-label="Quantity"]', read: 'value', equals: '2' }])).toBe(true);
    expect(holdsAll([{ selector: 'input[value="295gm"]', read: 'checked', equals: 'true' }])).toBe(true);
    expect(holdsAll([{ selector: 'input[value="120gm"]', read: 'checked', equals: 'true' }])).toBe(false);
    expect(holdsAll([{ selector: '[aria-roledescription="slide"]', read: '@aria-label', startsWith: '2 of ' }])).toBe(
      true,
    );
    expect(holdsAll([{ selector: '[aria-roledescription="slide"]', read: '@data-x', equals: '' }])).toBe(true);
  });

  it('compares with another element’s text, and ignores case in includes', () => {
    const { holdsAll } = reader();
    const chosen = { selector: 'label:has(> input[value="295gm"]) .price' };
    expect(holdsAll([{ selector: '.product-detail__price .price', sameTextAs: chosen }])).toBe(true);
    const other = { selector: 'label:has(> input[value="120gm"]) .price' };
    expect(holdsAll([{ selector: '.product-detail__price .price', sameTextAs: other }])).toBe(false);
    expect(holdsAll([{ selector: '.product-detail__price .price', sameTextAs: { selector: '.nowhere' } }])).toBe(false);
    expect(holdsAll([{ selector: '.chip', text: 'Rajma', includes: 'RAJ' }])).toBe(true);
  });

  it('with `all`, every match must meet the condition, and there must be one', () => {
    const { holdsAll } = reader();
    expect(holdsAll([{ selector: '.product-grid .tag', all: true, equals: 'Dairy' }])).toBe(true);
    expect(holdsAll([{ selector: '.product-grid > li', all: true, includes: 'dairy' }])).toBe(true);
    expect(holdsAll([{ selector: '.product-grid > li', all: true, includes: 'next' }])).toBe(false);
    expect(holdsAll([{ selector: '.nowhere', all: true, equals: '' }])).toBe(false);
  });

  it('holds when every condition does; a missing element never meets one', () => {
    const { holdsAll } = reader();
    const badge = { selector: '[data-testid="cart-count"]', equals: '1' };
    expect(holdsAll([badge, { selector: 'input[aria-label="Quantity"]', read: 'value', equals: '2' }])).toBe(true);
    expect(holdsAll([badge, { selector: 'input[aria-label="Quantity"]', read: 'value', equals: '3' }])).toBe(false);
    expect(holdsAll([{ selector: '.site-nav', read: 'visible', equals: 'true' }])).toBe(false);
    expect(holdsAll([{ selector: '.chip', read: 'visible', equals: 'true' }])).toBe(true);
  });
});

describe('the controls of bench/first-tap-controls.mjs', () => {
  const controls = TAP_ROUTES.flatMap(({ route, controls }) => controls.map((control) => ({ route, ...control })));

  it('are on the six routes of issue 36, with the menu on each', () => {
    expect(TAP_ROUTES.map(({ route }) => route)).toEqual([
      '/',
      '/products',
      '/products/3',
      '/who-are-we/recipes',
      '/cart',
      '/checkout',
    ]);
    for (const { controls: mine } of TAP_ROUTES) expect(mine.map(({ id }) => id)).toContain('menu');
    expect(TAP_ROUTES.filter(({ withCart }) => withCart).map(({ route }) => route)).toEqual(['/cart', '/checkout']);
  });

  it('each say exactly one comparison per condition, and ids are unique per route', () => {
    for (const { route, id, effect } of controls) {
      expect(effect.length, `${route} ${id}`).toBeGreaterThan(0);
      for (const condition of effect) expect(conditionProblem(condition), `${route} ${id}`).toBeNull();
    }
    for (const { controls: mine } of TAP_ROUTES) expect(new Set(mine.map(({ id }) => id)).size).toBe(mine.length);
  });

  it('conditionProblem names what is wrong', () => {
    expect(conditionProblem({ selector: '.a' })).toBe('no comparison in .a');
    expect(conditionProblem({ selector: '.a', equals: '1', includes: '1' })).toBe('equals and includes together in .a');
    expect(conditionProblem({ selector: '.a', read: '@aria-label', equals: '1' })).toBeNull();
    expect(conditionProblem({ selector: '.a', read: 'colour' as 'text', equals: '1' })).toBe(
      'cannot read colour of .a',
    );
    expect(conditionProblem({ selector: '', equals: '1' })).toBe('no selector');
  });

  it('describes an effect in one line', () => {
    expect(
      describeEffect([
        { selector: 'input[value="295gm"]', read: 'checked', equals: 'true' },
        { selector: '.price', sameTextAs: { selector: 'label .price' } },
        { selector: 'li', all: true, includes: 'rajma' },
        { selector: '.slide', read: '@aria-label', startsWith: '2 of ' },
      ]),
    ).toBe(
      'input[value="295gm"] checked = "true" and .price text = the text of label .price and ' +
        'every li text includes "rajma" and .slide @aria-label starts with "2 of "',
    );
  });
});

describe('probeScript', () => {
  it('is the probe called with the reader and the control, as one expression', () => {
    const [first] = TAP_ROUTES[0]?.controls ?? [];
    if (!first) throw new Error('no control');
    const script = probeScript(first);
    expect(script).toMatch(/^\(function firstTapProbe\(/);
    expect(script).toContain('function pageReader(doc)');
    expect(script).toContain(JSON.stringify({ control: first.control, effect: first.effect }));
    expect(() => new Function(script)).not.toThrow(); // it parses
  });
});
