/**
 * An answer a test releases when it has seen what the page shows meanwhile (a busy button, a
 * spinner). A fixed delay does not do: on a loaded machine the answer outruns the check.
 */
export function heldAnswer(): {
  held: Promise<void>;
  release: () => void;
  /** A responder that answers with `respond()` once released. */
  after: (respond: () => Response) => () => Promise<Response>;
} {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const after = (respond: () => Response) => async () => {
    await held;
    return respond();
  };
  return { held, release, after };
}
