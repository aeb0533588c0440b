/**
 * Pages that load no React (docs/decisions/028-every-tap-answers.md): what the build reads and
 * removes to turn React Router's prerendered page into one (`staticPage` in
 * site-build/defer-hydration.ts), and what it refuses.
 *
 * React Router 7.18's `<Scripts>`, rendered at the end of the body (src/root.tsx), writes the
 * scroll restoration script, `window.__reactRouterContext` (with the loader data streamed into it,
 * inside React's Suspense markup: `<template id="B:0">`, `<div hidden id="S:0">` and `$RC(…)`)
 * and the bootstrap module; `<head>` holds its modulepreload links. A page without React keeps
 * none of it: everything from the first of those scripts to `</body>` goes, once it is checked to be
 * only that — a page whose content React streamed in late (a Suspense boundary around content)
 * cannot do without React, and the build says so rather than ship it half drawn.
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** React Router's first scripts in the body: ScrollRestoration's, then the context. */
const REACT_ROUTER_SCRIPT = /react-router-scroll-positions|window\.__reactRouterContext\s*=/;
/** React's streaming markup around the loader data: a boundary's placeholder, its hidden content, comments. */
const STREAMING_MARKUP = /<template id="B:\d+"><\/template>|<div hidden(?:="")? id="S:\d+">|<\/div>|<!--[\s\S]*?-->/g;

/** The route ids of a page, root first, from React Router's `window.__reactRouterRouteModules = {…}`. */
export function routeIds(html: string): string[] {
  const modules = /__reactRouterRouteModules\s*=\s*\{([^}]*)\}/.exec(html)?.[1] ?? '';
  return [...modules.matchAll(/"([^"]+)"\s*:/g)].map((match) => match[1] ?? '');
}

/**
 * The page without React Router's scripts and the streamed data after them (see above); throws if
 * what follows them is more than that. A page without them is returned as it is.
 */
export function withoutReactRouterScripts(html: string): string {
  const first = [...html.matchAll(SCRIPT)].find((match) => REACT_ROUTER_SCRIPT.test(match[2] ?? ''));
  const end = html.lastIndexOf('</body>');
  if (!first || end < first.index) return html;
  const tail = html.slice(first.index, end);
  const scripts = [...tail.matchAll(SCRIPT)];
  const data = scripts.find(([, attributes = '']) => /type="application\/ld\+json"/i.test(attributes));
  const leftover = tail.replace(SCRIPT, '').replace(STREAMING_MARKUP, '').trim();
  if (data || leftover)
    throw new Error(
      `after React Router's scripts the page has more than its streamed data: ${(data?.[0] ?? leftover).slice(0, 120)}`,
    );
  return html.slice(0, first.index) + html.slice(end);
}

/**
 * Why a page cannot work without React: each control no early action runs. `actions`: the
 * `data-early` names the page's script runs. Allowed: links, disclosures, a disabled button, a
 * control with one of `actions`, and a form whose every button is disabled (typing works; nothing
 * submits it: the blog's newsletter box). Anything else — a button with its handler in React, a
 * select, a field of a live form — would do nothing.
 */
export function staticControlProblems(html: string, actions: readonly string[]): string[] {
  const known = new Set(actions);
  const markup = html.replace(SCRIPT, '');
  const disabled = (tag: string) => /\sdisabled(?:[\s=>/]|$)/.test(tag);
  // A form whose every button is disabled is inert (an input submits it only through its default button).
  // Without any button, Enter in its only text field would submit it.
  const rest = markup.replace(/<form\b[\s\S]*?<\/form>/gi, (form) => {
    const buttons = form.match(/<button\b[^>]*>|<input\b[^>]*\stype="(?:submit|image)"[^>]*>/gi) ?? [];
    return buttons.length > 0 && buttons.every(disabled) ? '' : form;
  });
  const problems: string[] = [];
  for (const [tag] of rest.matchAll(/<(?:button|input|select|textarea)\b[^>]*>/gi)) {
    const action = /\sdata-early="([^"]*)"/.exec(tag)?.[1];
    if (tag.toLowerCase().startsWith('<button') && (disabled(tag) || (action && known.has(action)))) continue;
    problems.push(tag);
  }
  for (const [tag = '', action = ''] of rest.matchAll(/<[a-z][^>]*\sdata-early="([^"]*)"[^>]*>/gi))
    if (!known.has(action) && !problems.includes(tag)) problems.push(tag);
  return problems;
}
