import { describe, expect, it } from 'vitest';
import { reactRouterTail } from '#tests/support/prerendered-page.ts';
import { routeIds, staticControlProblems, withoutReactRouterScripts } from './static-pages.ts';

const TAIL = reactRouterTail();
const BODY = '<main id="main"><h1>Red rice</h1></main><div class="toast-viewport"><div role="status"></div></div>';

describe('routeIds', () => {
  it("reads the page's route ids, root first, from React Router's bootstrap", () => {
    expect(routeIds(`<body>${TAIL}</body>`)).toEqual(['root', 'routes/blog.$id']);
    expect(routeIds('<body><p>No scripts</p></body>')).toEqual([]);
  });
});

describe('withoutReactRouterScripts', () => {
  it('removes the scroll restoration, the context, the bootstrap and the streamed data, and nothing before them', () => {
    expect(withoutReactRouterScripts(`<html><body>${BODY}${TAIL}</body></html>`)).toBe(
      `<html><body>${BODY}</body></html>`,
    );
  });

  it('leaves a page without them as it is', () => {
    const page = `<html><body>${BODY}<script>other()</script></body></html>`;
    expect(withoutReactRouterScripts(page)).toBe(page);
  });

  it('refuses a page with content, or structured data, after them', () => {
    const late = TAIL.replace('<div hidden id="S:1">', '<div hidden id="S:1"><p>Reviews</p>');
    expect(() => withoutReactRouterScripts(`<body>${BODY}${late}</body>`)).toThrow(/<p>Reviews/);
    const jsonLd = `${TAIL}<script type="application/ld+json">{}</script>`;
    expect(() => withoutReactRouterScripts(`<body>${BODY}${jsonLd}</body>`)).toThrow(/ld\+json/);
  });
});

describe('staticControlProblems', () => {
  const actions = ['menu', 'menu-close', 'print'];
  const header =
    '<button type="button" aria-expanded="false" data-early="menu"><svg></svg></button>' +
    '<div class="site-nav__overlay" aria-hidden="true" data-early="menu-close"></div><a href="/cart">Cart</a>';

  it('allows links, the menu, its overlay, the Print button, a disabled button and details', () => {
    const page = `${header}<button type="button" data-early="print">Print QR code</button><button disabled="">Soon</button><details><summary>Q</summary>A</details>`;
    expect(staticControlProblems(page, actions)).toEqual([]);
  });

  it('allows a form whose every button is disabled (the newsletter box): nothing can submit it', () => {
    const newsletter =
      '<form class="newsletter__form" novalidate=""><input type="email" name="email"/><button type="submit" disabled="">Subscribe</button></form>';
    expect(staticControlProblems(`${header}${newsletter}`, actions)).toEqual([]);
  });

  it('names each control only React would run', () => {
    const page = [
      header,
      '<button type="button" aria-pressed="false">Dairy</button>',
      '<select name="type"><option>All</option></select>',
      '<form><input type="search" name="q"/></form>',
      '<form><input name="pincode"/><button type="submit">Check</button></form>',
      '<button type="button" data-early="chip">Rajma</button>',
      '<textarea></textarea>',
      '<span data-early="photo-next"></span>',
    ].join('');
    expect(staticControlProblems(page, actions)).toEqual([
      '<button type="button" aria-pressed="false">',
      '<select name="type">',
      '<input type="search" name="q"/>',
      '<input name="pincode"/>',
      '<button type="submit">',
      '<button type="button" data-early="chip">',
      '<textarea>',
      '<span data-early="photo-next">',
    ]);
  });

  it('reads no markup inside scripts', () => {
    expect(staticControlProblems('<script>x = "<button>"</script>', actions)).toEqual([]);
  });
});
