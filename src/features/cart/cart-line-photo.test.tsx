/**
 * A cart line's photo is the one part of /cart drawn twice (decision 028): by ResponsiveImage once
 * React is live, and by the early script before (src/early/cart-lines.ts `linePhoto`, from the
 * facts CartView hands it). This fails if the two differ.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeCartItem } from '#tests/support/factories.ts';
import { linePhoto } from '../../early/index.ts';
import type { CartItem } from '../../shop/cart/index.ts';
import { CartView, cartLineFacts } from './CartView.tsx';

/** An element's tree as tags and attributes, in any attribute order. */
function shape(element: Element): unknown {
  return {
    tag: element.tagName.toLowerCase(),
    attributes: Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value])),
    children: [...element.children].map(shape),
  };
}

/** The photo of the line CartView draws for `item`. */
function drawnByReact(item: CartItem): Element {
  const holder = document.createElement('div');
  holder.innerHTML = renderToStaticMarkup(
    <MemoryRouter>
      <CartView
        items={[item]}
        subtotal={0}
        freeShippingThreshold={0}
        trustBadges={[]}
        onQuantity={ignore}
        onRemove={ignore}
        onProceed={ignore}
      />
    </MemoryRouter>,
  );
  return holder.querySelector('li[data-line-key] > :first-child') as Element;
}

const ignore = () => undefined;

describe("a cart line's photo", () => {
  it.each([
    ['our own artwork, with AVIF and WebP variants', '/media/products/white-rajma-pack.svg'],
    ['our own photo', '/media/products/badri-ghee.jpg'],
    ['a Sanity image', 'https://cdn.sanity.io/images/abc123/production/0123abcd-1200x900.jpg'],
    ['any other address', 'https://example.com/ghee.png'],
  ])('is drawn the same by the early script and by React: %s', (_kind, image) => {
    const item = makeCartItem({ image });
    expect(shape(linePhoto(cartLineFacts(item).photo))).toEqual(shape(drawnByReact(item)));
  });

  it('is a placeholder of the same class when the product has none', () => {
    expect(cartLineFacts(makeCartItem({ image: '' })).photo).toBeNull();
    expect(shape(linePhoto(null))).toEqual(shape(drawnByReact(makeCartItem({ image: '' }))));
  });
});
