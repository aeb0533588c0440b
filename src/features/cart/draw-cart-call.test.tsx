import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DRAW_CART } from './CartPage.tsx';

describe("/cart's inline call to the early script", () => {
  it('reaches the page as written: React escapes nothing in it', () => {
    expect(renderToStaticMarkup(<script>{DRAW_CART}</script>)).toBe(`<script>${DRAW_CART}</script>`);
    expect(DRAW_CART).toContain('drawCart()');
  });
});
