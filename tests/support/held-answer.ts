/**
 * An answer a test releases when it has seen what the page shows meanwhile (a busy button, a
 * spinner). A fixed delay does not do: on a loaded machine the answer outruns the check.
 */
export function heldAnswer(): { held: Promise<void>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}
