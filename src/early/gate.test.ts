// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrationGate } from './gate.ts';

/** The gate's part of `window.__ouo` (global.ts), read after each run of the gate. */
const page = {
  get gate() {
    return window.__ouo?.gate;
  },
  get pause() {
    return window.__ouo?.pause;
  },
  get hydrated() {
    return window.__ouo?.hydrated;
  },
  get live() {
    return window.__ouo?.live;
  },
};

/** Runs the gate as a page does: from its source text (the build minifies it: defer-hydration.test.ts). */
function runGate(preloads: string[] = ['/assets/root-1.js', '/assets/app-2.js'], eager = false) {
  new Function(`(${hydrationGate.toString()})(${JSON.stringify(preloads)}, ${eager});`)();
}

/** A value tracker like React's: it remembers the value set through the field's own setter. */
function trackLikeReact(field: HTMLInputElement) {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  let known = field.value;
  Object.defineProperty(field, 'value', {
    configurable: true,
    get: () => descriptor?.get?.call(field),
    set: (value: string) => {
      known = String(value);
      descriptor?.set?.call(field, value);
    },
  });
  return { changed: () => field.value !== known };
}

const preloaded = () =>
  [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) => link.getAttribute('href'));

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <form><input name="pincode"><input type="radio" name="mode" value="cod">
    <button type="button" id="add">Add to Cart</button><a href="#top" id="link">Top</a></form>`;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  // As in a browser without paint timing; the test of paint timing brings its own.
  vi.stubGlobal('PerformanceObserver', undefined);
});
afterEach(async () => {
  page.live?.();
  // Each gate listens on the window: spend what it still waits for, so it cannot act in the next test.
  window.dispatchEvent(new Event('pointerdown'));
  window.dispatchEvent(new Event('load'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the hydration gate', () => {
  it('requests no module until the page has loaded, then preloads them and opens', async () => {
    runGate();
    let open = false;
    void page.gate?.then(() => {
      open = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(open).toBe(false);
    expect(preloaded()).toEqual([]);

    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(open).toBe(true));
    expect(preloaded()).toEqual(['/assets/root-1.js', '/assets/app-2.js']);
  });

  it('opens at once on a page built eager (its content is drawn by its scripts), still holding taps', async () => {
    runGate(['/assets/cart-1.js'], true);
    let open = false;
    void page.gate?.then(() => {
      open = true;
    });
    await vi.waitFor(() => expect(open).toBe(true));
    expect(preloaded()).toEqual(['/assets/cart-1.js']);
    const add = document.getElementById('add') as HTMLButtonElement;
    const clicks = vi.fn();
    add.addEventListener('click', clicks);
    add.click();
    expect(clicks).not.toHaveBeenCalled();
    expect(add.hasAttribute('data-held')).toBe(true);
  });

  it('waits for the browser to report its first paint when the page loads before painting', async () => {
    let report: () => void = () => undefined;
    let fcp = false;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: () => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) =>
      name === 'first-contentful-paint' && fcp ? ([{}] as PerformanceEntryList) : [],
    );
    runGate();
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloaded()).toEqual([]);

    fcp = true;
    report();
    await vi.waitFor(() => expect(preloaded()).toHaveLength(2));
  });

  it("waits for the first screen's images to be decoded (the largest paint comes after load), not for lazy ones", async () => {
    let decoded: () => void = () => undefined;
    const hero = document.createElement('img');
    Object.assign(hero, { decode: () => new Promise<void>((resolve) => (decoded = resolve)) });
    const lazy = document.createElement('img');
    lazy.loading = 'lazy';
    Object.assign(lazy, { decode: () => new Promise<void>(() => undefined) });
    const broken = document.createElement('img');
    Object.assign(broken, { decode: () => Promise.reject(new Error('EncodingError')) });
    document.body.append(hero, lazy, broken);
    runGate();
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloaded()).toEqual([]);

    decoded();
    await vi.waitFor(() => expect(preloaded()).toHaveLength(2));
  });

  it('opens at once when the shopper reaches for the page, and only once', async () => {
    runGate();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await page.gate;
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloaded()).toHaveLength(2);
  });

  it('holds a tap on a button until the page is live, marked as waiting, then replays it once', async () => {
    runGate();
    const add = document.getElementById('add') as HTMLButtonElement;
    const clicks = vi.fn();
    add.addEventListener('click', clicks);

    add.click();
    expect(clicks).not.toHaveBeenCalled();
    expect(add.hasAttribute('data-held')).toBe(true);

    page.live?.();
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(add.hasAttribute('data-held')).toBe(false);
    add.click(); // live now: no longer held
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('replays taps in the order they were made, each in its own task', async () => {
    runGate();
    document.body.insertAdjacentHTML('beforeend', '<button id="plus">+</button>');
    const order: string[] = [];
    for (const id of ['plus', 'add']) document.getElementById(id)?.addEventListener('click', () => order.push(id));
    document.getElementById('plus')?.click();
    document.getElementById('add')?.click();
    page.live?.();
    await vi.waitFor(() => expect(order).toEqual(['plus', 'add']));
  });

  it('leaves links alone: they work without JavaScript', () => {
    runGate();
    const link = document.getElementById('link') as HTMLAnchorElement;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('tells React about a field typed before hydration, as a change its tracker sees', () => {
    runGate();
    const field = document.querySelector('input[name=pincode]') as HTMLInputElement;
    const tracker = trackLikeReact(field); // React tracks the value it finds when it hydrates…
    field.value = '248001';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(tracker.changed()).toBe(false); // …which is already the typed one: no change to report

    const seen: string[] = [];
    field.addEventListener('input', () => {
      if (tracker.changed()) seen.push(field.value);
    });
    page.live?.();
    expect(seen).toEqual(['248001']);
    expect(field.value).toBe('248001');
  });

  it('tells React about a radio button chosen before hydration, with a click it reads as the change', () => {
    runGate();
    const radio = document.querySelector('input[type=radio]') as HTMLInputElement;
    radio.click(); // works natively: the shopper sees it chosen at once
    expect(radio.checked).toBe(true);
    const clicks = vi.fn();
    radio.addEventListener('click', clicks);
    page.live?.();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(radio.checked).toBe(true);
  });

  it('hands the fields over once hydrated, and replays the taps only once live', async () => {
    runGate();
    const field = document.querySelector('input[name=pincode]') as HTMLInputElement;
    field.value = '248001';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const told = vi.fn();
    field.addEventListener('input', told);
    const clicks = vi.fn();
    document.getElementById('add')?.addEventListener('click', clicks);
    document.getElementById('add')?.click();

    page.hydrated?.();
    expect(told).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(clicks).not.toHaveBeenCalled(); // held until the page has rendered again
    page.live?.();
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(told).toHaveBeenCalledTimes(1); // the fields are told once
  });

  it("keeps a tap's, a key's and a typed letter's events from React's listeners until hydrated, the browser's effects kept", () => {
    runGate();
    // React listens on the document from hydrateRoot on, after the gate: an event reaching it while it
    // hydrates would make it hydrate the whole page in one task.
    const reactSaw: string[] = [];
    for (const type of ['pointerdown', 'pointerup', 'touchend', 'keydown', 'input', 'click'])
      document.addEventListener(type, (event) => reactSaw.push(event.type), true);
    const field = document.querySelector('input[name=pincode]') as HTMLInputElement;
    for (const type of ['pointerdown', 'pointerup', 'touchend', 'keydown'])
      field.dispatchEvent(new Event(type, { bubbles: true }));
    field.value = '248001';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const follow = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('link')?.dispatchEvent(follow);
    expect(reactSaw).toEqual([]);
    expect(follow.defaultPrevented).toBe(false); // the link is followed
    expect(field.value).toBe('248001');

    page.hydrated?.();
    expect(reactSaw).toEqual(['input']); // the field handed over
    field.dispatchEvent(new Event('pointerup', { bubbles: true }));
    document.getElementById('link')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(reactSaw).toEqual(['input', 'pointerup', 'click']);
  });
});

describe('the early actions (decision 028)', () => {
  /** Starts a gate with these actions, as the early script does (start.ts). */
  const runWith = (actions: Record<string, (control: HTMLElement) => 'replay' | 'done' | 'hold'>) =>
    hydrationGate([], false, actions, 'data-early-hidden');

  it('pauses the modules for a task between steps, and after an early tap until the frame that shows it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    document.body.insertAdjacentHTML('beforeend', '<button data-early="menu">Menu</button>');
    runWith({ menu: () => 'replay' });
    await page.pause?.();
    expect(frames).toHaveLength(0);

    (document.querySelector('[data-early="menu"]') as HTMLButtonElement).click();
    let resumed = false;
    void page.pause?.().then(() => {
      resumed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(resumed).toBe(false);
    frames.shift()?.(0);
    await vi.waitFor(() => expect(resumed).toBe(true));
    await page.pause?.(); // the frame drawn: the next pause is a task again
    expect(frames).toHaveLength(0);
  });

  it('goes on after 100 ms without a frame (a hidden tab draws none)', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    document.body.insertAdjacentHTML('beforeend', '<button data-early="menu">Menu</button>');
    runWith({ menu: () => 'replay' });
    (document.querySelector('[data-early="menu"]') as HTMLButtonElement).click();
    const started = performance.now();
    await page.pause?.();
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it("shows a control's effect at once and replays the tap to React once live, not dimmed", async () => {
    document.body.insertAdjacentHTML('beforeend', '<button data-early="menu" aria-expanded="false">Menu</button>');
    const menu = document.querySelector('[data-early="menu"]') as HTMLButtonElement;
    runWith({
      menu: (control) => {
        control.setAttribute('aria-expanded', 'true');
        return 'replay';
      },
    });
    const clicks = vi.fn();
    menu.addEventListener('click', clicks);
    menu.click();
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hasAttribute('data-held')).toBe(false);
    expect(clicks).not.toHaveBeenCalled();
    page.live?.();
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
  });

  it('never replays a tap its action did whole', async () => {
    document.body.insertAdjacentHTML('beforeend', '<button data-early="add">Add</button>');
    const add = document.querySelector('[data-early="add"]') as HTMLButtonElement;
    const stored: string[] = [];
    runWith({
      add: () => {
        stored.push('line');
        return 'done';
      },
    });
    const clicks = vi.fn();
    add.addEventListener('click', clicks);
    add.click();
    page.live?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stored).toEqual(['line']);
    expect(clicks).not.toHaveBeenCalled();
  });

  it('holds the tap, dimmed, when its action cannot show it, or fails', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button data-early="far">Far</button><button data-early="broken">Broken</button>',
    );
    runWith({
      far: () => 'hold',
      broken: () => {
        throw new Error('no such element');
      },
    });
    const order: string[] = [];
    for (const name of ['far', 'broken']) {
      const control = document.querySelector(`[data-early="${name}"]`) as HTMLButtonElement;
      control.addEventListener('click', () => order.push(name));
      control.click();
      expect(control.hasAttribute('data-held')).toBe(true);
    }
    page.live?.();
    await vi.waitFor(() => expect(order).toEqual(['far', 'broken']));
  });

  it("runs a field's action on its change, hands the field over, and shows what actions hid once React has replayed", async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<input type="radio" name="size" value="500gm" data-early="size"><p id="price" data-early-hidden>₹650</p><button data-early="chip">Dairy</button>',
    );
    const shown: string[] = [];
    runWith({
      size: (field) => {
        shown.push((field as HTMLInputElement).value);
        return 'replay';
      },
      chip: () => 'replay',
    });
    (document.querySelector('input[value="500gm"]') as HTMLInputElement).click();
    expect(shown).toEqual(['500gm']);
    (document.querySelector('[data-early="chip"]') as HTMLButtonElement).click();
    expect(document.getElementById('price')?.hasAttribute('data-early-hidden')).toBe(true);
    page.live?.();
    await vi.waitFor(() => expect(document.getElementById('price')?.hasAttribute('data-early-hidden')).toBe(false));
  });
});
