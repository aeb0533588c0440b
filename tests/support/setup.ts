import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './msw.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/**
 * An unexpected console.error fails the test. A test that expects one asserts on
 * `vi.mocked(console.error)` and then calls `.mockClear()`.
 */
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  const calls = vi.mocked(console.error).mock.calls;
  const messages = calls.map((args) => format(...args));
  vi.mocked(console.error).mockRestore();
  if (messages.length > 0) throw new Error(`Unexpected console.error:\n${messages.join('\n')}`);
});
