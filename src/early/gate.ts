/**
 * The hydration gate: a small script the build puts in every prerendered page's <head>, right
 * after its charset (site-build/defer-hydration.ts; docs/decisions/015-hydrate-after-first-paint.md).
 * It runs before the body is parsed, so it sees every tap, and it does three things:
 *
 * 1. It holds the page's JavaScript back until the first paint (except on the pages built `eager`,
 *    whose content only the scripts can draw): the load event, the browser's first contentful
 *    paint and the first screen's images decoded, then two frames (or at once, the moment the shopper reaches for the
 *    page: a touch, a key, a focus). Only then
 *    does it preload the modules and let React Router's bootstrap import them, so the HTML, the
 *    stylesheet, the first image and the heading font have the network to themselves.
 * 2. Until React has hydrated, it stops taps on buttons. A control with an early action (`actions`,
 *    by its `data-early`: src/early/actions.ts, decision 028) shows its effect at
 *    once — the menu opens, a filter applies, Add to Cart stores the line — and, unless the action
 *    did it all, the tap is replayed once the page is live, for React to hold the same state. Any
 *    other tap is held: marked `data-held` (styled as waiting) and replayed once the page is live.
 *    Links and the FAQ's disclosures are left alone: they work without JavaScript. What the actions
 *    hid (`hiddenMark`) is shown again after the replays, when React's own render stands.
 * 3. Fields work as the browser makes them (typing, a size's radio button, a checkbox, a select);
 *    it notes each one changed before hydration and, once React is live, tells React about it (an
 *    event React's value tracker sees as a change), so the page's state holds what the shopper sees.
 *    The fields are told first, the held taps come after, in the order they were made.
 *
 * The root route calls `window.__ouo.hydrated()` from its first effect, when the page is hydrated:
 * the fields are handed over then, before anything renders again (a controlled field rendered with
 * its old state would lose what was typed). It calls `window.__ouo.live()` once the page has
 * rendered again with what waited for hydration (src/hooks/use-hydrated.ts): the taps are
 * replayed then, so until that render every tap still goes to the early actions (decision 028).
 *
 * It is bundled with the early actions into one inline script (`gateScript` in
 * site-build/defer-hydration.ts bundles src/early/start.ts by its path), whose hash goes into the
 * page's CSP like every other inline script. It refers to nothing outside itself but its arguments and
 * `window.__ouo` (typed in global.ts), so its tests run it as it is.
 */
export function hydrationGate(
  preloads: readonly string[],
  eager = false,
  actions: Readonly<Record<string, (control: HTMLElement) => 'replay' | 'done' | 'hold'>> = {},
  hiddenMark = 'data-early-hidden',
): void {
  // `window.__ouo`, typed in global.ts; written out here, as the gate uses nothing from outside.
  window.__ouo ??= {};
  const page = window.__ouo;
  const doc = document;
  let opened = false;
  let letGo: () => void = () => undefined;
  page.gate = new Promise<void>((resolve) => {
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
  // After the first paint: the load event (the first image has arrived), the browser's own
  // first-contentful-paint entry (load can come before anything is on screen), then two frames…
  // …and the first screen's images decoded: the largest paint is usually one of them, and the
  // browser draws it a frame or more after `load` (decoding is asynchronous). Scripts run before
  // that draw would hold it back. Lazy images are not waited for.
  const imagesDecoded = () =>
    Promise.all(
      [...doc.images]
        .filter((image) => image.loading !== 'lazy' && typeof image.decode === 'function')
        .map((image) => image.decode().catch(() => undefined)),
    );
  const afterPaint = () =>
    void imagesDecoded().then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(open, 0))));
  addEventListener(
    'load',
    () => {
      const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
      if (painted() || typeof PerformanceObserver === 'undefined') return afterPaint();
      const observer = new PerformanceObserver(() => {
        if (!painted()) return;
        observer.disconnect();
        afterPaint();
      });
      observer.observe({ type: 'paint' });
      // A browser that reports no paint (or a page with no content) still hydrates.
      setTimeout(() => {
        observer.disconnect();
        afterPaint();
      }, 3000);
    },
    { once: true },
  );
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin'])
    addEventListener(type, open, { capture: true, once: true, passive: true });
  // A page whose content is drawn in the browser (the cart, an order) has nothing to show before its
  // scripts run: they start at once. Taps and fields are still held and handed over below.
  if (eager) open();

  // Between the steps of evaluating the modules (site-build/defer-hydration.ts `deferImports`), the
  // page's own tasks: a tap waits for one step, not for all of them. After an early action, the
  // step waits for the frame that shows its effect (or 100 ms: a hidden tab draws no frames), so the
  // shopper sees it before the next step runs.
  let drawn = true;
  page.pause = () =>
    new Promise<void>((go) => {
      if (drawn) return void setTimeout(go, 0);
      drawn = true;
      const timer = setTimeout(go, 100);
      requestAnimationFrame(() => {
        clearTimeout(timer);
        setTimeout(go, 0);
      });
    });

  const held: HTMLElement[] = [];
  const changed = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
  // A control's early action (its `data-early`: src/early/actions.ts) shows the
  // tap's effect now. `replay`: React is told the tap once live; `done`: the action did it all;
  // `hold` (or no action, or an action that failed): the tap waits, dimmed, as before.
  const act = (control: HTMLElement) => {
    const action = actions[control.getAttribute('data-early') ?? ''];
    try {
      return action ? action(control) : 'hold';
    } catch {
      return 'hold';
    }
  };
  const hold = (event: Event) => {
    const target = event.target as Element | null;
    const control = target?.closest?.<HTMLElement>(
      'button, input[type="submit"], input[type="button"], [role="button"], [data-early]:not(input)',
    );
    if (!control || (control as HTMLButtonElement).disabled) return shield(event);
    event.preventDefault();
    event.stopImmediatePropagation();
    open();
    drawn = false;
    const result = act(control);
    if (result === 'done') return;
    if (result === 'hold') control.setAttribute('data-held', '');
    held.push(control);
  };
  const note = (event: Event) => {
    const field = event.target as HTMLInputElement;
    if (!field || !('value' in field)) return;
    changed.add(field);
    drawn = false;
    // A field's early action (a size's price) shows its effect; the field itself is handed over below.
    if (event.type === 'change' && field.hasAttribute?.('data-early')) act(field);
    shield(event);
  };
  // React, while it hydrates, answers an event that reaches its listeners (a tap's pointerup, a key,
  // a typed letter) by hydrating the whole page at once, to hand the event to it: one task of
  // 150–300 ms at 4× CPU, which the tap's effect then waits for. Until the page is hydrated these
  // events stop at the document (the gate's listeners come before React's there): the browser still
  // does what they do (focus, typing, scrolling, following a link), the early actions still run, and
  // the fields are handed over (`__ouo.hydrated`). Taps on controls are held until live, as above.
  let isHydrated = false;
  const shield = (event: Event) => {
    if (!isHydrated) event.stopImmediatePropagation();
  };
  // React DOM's discrete events that make it hydrate at once (its `discreteReplayableEvents`), but for
  // the three the gate handles itself: click, input and change.
  const shielded = (
    'mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel pointerdown pointerup ' +
    'dragend dragstart drop compositionend compositionstart keydown keypress keyup textInput copy cut paste contextmenu reset'
  ).split(' ');
  for (const type of shielded) doc.addEventListener(type, shield, { capture: true, passive: true });
  doc.addEventListener('click', hold, true);
  doc.addEventListener('input', note, true);
  doc.addEventListener('change', note, true);

  page.hydrated = () => {
    page.hydrated = undefined;
    isHydrated = true;
    for (const type of shielded) doc.removeEventListener(type, shield, true);
    doc.removeEventListener('input', note, true);
    doc.removeEventListener('change', note, true);
    changed.forEach((field) => {
      if (!field.isConnected) return;
      if (field instanceof HTMLSelectElement) {
        field.dispatchEvent(new Event('change', { bubbles: true }));
        return;
      }
      if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
        // A radio button is noted when it becomes checked. Flip it through the tracker, then let a
        // click put it back as the shopper left it: React reads that click as the change.
        const checked = field.checked;
        if (field.type === 'radio' && !checked) return;
        field.checked = !checked;
        field.click();
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
  };
  page.live = () => {
    page.live = undefined;
    page.hydrated?.();
    doc.removeEventListener('click', hold, true);
    // The taps after the fields, each in a task of its own: React renders what one changed (a
    // quantity) before the next (Add to Cart) reads it.
    const replay = () => {
      const control = held.shift();
      if (!control) {
        // React now shows its own result of every tap: what early actions hid is React's to show.
        for (const element of doc.querySelectorAll(`[${hiddenMark}]`)) element.removeAttribute(hiddenMark);
        return;
      }
      control.removeAttribute('data-held');
      if (control.isConnected) control.click();
      setTimeout(replay, 0);
    };
    setTimeout(replay, 0);
  };
}
