/**
 * A prerendered page as React Router 7.18 and React 19 write it, trimmed: what the build's rewrites
 * (site-build/defer-hydration.ts, site-build/static-pages.ts) are tested on. The shape is theirs, so
 * a change in it fails these tests and the browser tests rather than the shop.
 */

/**
 * The end of a page's body: React Router's scroll restoration, context and bootstrap (for
 * `routeId`), then the loader data React streams into the context inside Suspense markup.
 */
export function reactRouterTail(routeId = 'routes/blog.$id'): string {
  return [
    '<script>((storageKey2, restoreKey) => {\n    if (!window.history.state || !window.history.state.key) {}\n',
    '  })("react-router-scroll-positions", null)</script>',
    '<script>window.__reactRouterContext = {"basename":"/","isSpaMode":false};',
    'window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>',
    '<script type="module" async="">import "/assets/manifest-1.js";\n',
    'import * as route0 from "/assets/root-3.js";\n',
    'import * as route1_main from "/assets/post-main-4.js";\n',
    'const route1 = {...route1_main};\n',
    `  window.__reactRouterRouteModules = {"root":route0,${JSON.stringify(routeId)}:route1};\n\n`,
    'import("/assets/entry.client-2.js");</script>',
    '<!--$?--><template id="B:0"></template><!--/$--><script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>',
    '<div hidden id="S:0"><script>window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},\\"loaderData\\"]\\n");</script>',
    '<!--$?--><template id="B:1"></template><!--/$--></div>',
    '<script>$RB=[];$RV=function(a){};$RC=function(b,c){};$RC("B:0","S:0")</script>',
    '<div hidden id="S:1"><script>window.__reactRouterContext.streamController.close();</script></div>',
    '<script>$RC("B:1","S:1")</script>',
  ].join('');
}

/** A whole page of `routeId` with `body` as its content: head, header, content, then React Router's tail. */
export function prerenderedPage(routeId: string, body: string): string {
  return [
    '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><title>Red rice</title>',
    '<script type="application/ld+json">{"@type":"BlogPosting"}</script>',
    '<link rel="preload" href="/assets/lora.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
    '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
    '<link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/post-main-4.js"/>',
    '<link rel="stylesheet" href="/assets/style-5.css"/></head><body>',
    '<header class="site-header"><button type="button" class="site-header__burger" aria-expanded="false" aria-controls="m" aria-label="Open menu" data-early="menu"></button>',
    '<nav id="m" aria-label="Main" class="site-nav"><ul><li><a href="/">Home</a></li></ul></nav>',
    '<div class="site-nav__overlay" aria-hidden="true" data-early="menu-close"></div>',
    '<a href="/cart" class="site-header__cart" aria-label="Cart"><span class="site-header__badge" hidden=""></span></a></header>',
    `<main id="main">${body}</main>`,
    reactRouterTail(routeId),
    '</body></html>',
  ].join('');
}
