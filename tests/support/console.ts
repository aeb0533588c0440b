/** console.warn in tests: silenced and watched. */
import { afterEach, beforeEach, type Mock, vi } from 'vitest';

/**
 * console.warn silenced for each test of the file (or describe block) it is called in, and watched:
 * the one mock returned is cleared before each test, so a test asserts on what it caused alone.
 */
export function watchWarnings(): Mock<typeof console.warn> {
  const warn = vi.fn<typeof console.warn>();
  const original = console.warn;
  beforeEach(() => {
    warn.mockClear();
    console.warn = warn;
  });
  afterEach(() => {
    console.warn = original;
  });
  return warn;
}
