import { transformSync } from 'esbuild';

/**
 * The hydration gate: a small script the build puts at the top of every prerendered page's <head>
 * (scripts/defer-hydration.ts; docs/decisions/015-hydrate-after-first-paint.md). It runs before the
 * body is parsed, so it sees every tap, and it does three things:
 *
 * 1. It holds the page's JavaScript back until the first paint: the load event, then one frame
 *    (or at once, the moment the shopper reaches for the page: a touch, a key, a focus). Only then
 *    does it preload the modules and let React Router's bootstrap import them, so the HTML, the
 *    stylesheet, the first image and the heading font have the network to themselves.
 * 2. Until React has hydrated, it holds taps on controls (buttons, radios, checkboxes): each is
 *    stopped, marked `data-held` (styled as waiting) and replayed once the page is live, so Add to
 *    Cart, a size, the quantity stepper, the menu or a filter tapped early still takes effect. Links
 *    and the FAQ's disclosures are left alone: they work without JavaScript.
 * 3. It notes every field typed into or changed before hydration and, once React is live, tells
 *    React about it (an `input` or `change` event React's value tracker sees as new), so the form's
 *    state holds what the shopper sees in the field.
 *
 * The root route calls `window.__ouoHydrated()` from its first effect, when the page is hydrated.
 *
 * This function is not bundled: its source text is inlined into the page (`gateScript`), so it
 * must not refer to anything outside itself, and its hash goes into the page's CSP like every other
 * inline script.
 */
export function hydrationGate(preloads: readonly string[]): void {
  const page = window as unknown as {
    __ouoGate?: Promise<void>;
    __ouoHydrated?: () => void;
  };
  const doc = document;
  let opened = false;
  let letGo: () => void = () => undefined;
  page.__ouoGate = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const open = () => {
    if (opened) return;
    opened = true;
    for (const href of preloads) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.appendChild(link);
    }
    letGo();
  };
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(open, 0)), { once: true });
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin'])
    addEventListener(type, open, { capture: true, once: true, passive: true });

  const held: HTMLElement[] = [];
  const changed = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
  const hold = (event: Event) => {
    const target = event.target as Element | null;
    const control = target?.closest?.<HTMLElement>(
      'button, input[type="radio"], input[type="checkbox"], [role="button"]',
    );
    if (!control || (control as HTMLButtonElement).disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    control.setAttribute('data-held', '');
    held.push(control);
    open();
  };
  const note = (event: Event) => {
    const field = event.target as HTMLInputElement;
    if (field && 'value' in field && field.type !== 'radio' && field.type !== 'checkbox') changed.add(field);
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener('input', note, true);
  doc.addEventListener('change', note, true);

  page.__ouoHydrated = () => {
    page.__ouoHydrated = undefined;
    doc.removeEventListener('click', hold, true);
    doc.removeEventListener('input', note, true);
    doc.removeEventListener('change', note, true);
    changed.forEach((field) => {
      if (!field.isConnected) return;
      if (field instanceof HTMLSelectElement) {
        field.dispatchEvent(new Event('change', { bubbles: true }));
        return;
      }
      // React remembers the value it last saw (its value tracker wraps the field's own `value`
      // setter). Set another value through that wrapper, put the typed one back through the
      // prototype's setter, which the tracker does not see: the input event now reads as a change.
      const typed = field.value;
      const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
      field.value = typed === '' ? ' ' : '';
      setValue?.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // The taps after the fields: React has rendered what the fields changed by the next task.
    setTimeout(() => {
      for (const control of held.splice(0)) {
        control.removeAttribute('data-held');
        if (control.isConnected) control.click();
      }
    }, 0);
  };
}

/** The gate as an inline script (minified: it is in every page) for a page whose modules are `preloads`. */
export function gateScript(preloads: readonly string[]): string {
  const source = `(${hydrationGate.toString()})(${JSON.stringify(preloads)});`;
  return transformSync(source, { minify: true, target: 'es2020' }).code.trim();
}
