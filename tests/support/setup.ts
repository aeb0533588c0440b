import { tmpdir } from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, type MockInstance, vi } from 'vitest';
import { markLocalMachine } from '../../netlify/lib/platform/local-machine.ts';
import { isPassthrough, server } from './msw.ts';

beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      if (!isPassthrough(request.url)) print.error();
    },
  }),
);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/**
 * An unexpected console.error fails the test. A test that expects one asserts on
 * `vi.mocked(console.error)` and then calls `.mockClear()`.
 */
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  // The spy's record survives a test's own vi.restoreAllMocks().
  const messages = consoleError.mock.calls.map((args) => format(...args));
  consoleError.mockRestore();
  if (messages.length > 0) throw new Error(`Unexpected console.error:\n${messages.join('\n')}`);
});

// The local test gateway's secret is made on first use; tests keep theirs out of the repository's .data/.
process.env.LOCAL_GATEWAY_SECRET_FILE ??= path.join(tmpdir(), `ouo-test-gateway-${process.pid}.secret`);
// So do the local stand-in's confirmation emails, for tests that place orders through the functions.
process.env.LOCAL_MAIL_DIR ??= path.join(tmpdir(), `ouo-test-mail-${process.pid}`);
process.env.LOCAL_INVOICES_DIR ??= path.join(tmpdir(), `ouo-test-invoices-${process.pid}`);
// The local gateway's refund events go to the site's webhook over HTTP; a test that wants them turns
// them on and catches them with msw (tests/functions/refund-events.test.ts).
process.env.LOCAL_GATEWAY_REFUND_EVENTS ??= 'off';
// And the label links' local signing secret (netlify/lib/labels/link.ts).
process.env.LABEL_LINK_SECRET_FILE ??= path.join(tmpdir(), `ouo-test-label-link-${process.pid}.secret`);
// The functions keep no phone history in tests: the files place many COD orders, cancelled and
// returned ones among them, from one phone (makeCustomer), which the COD rules would refuse. A test
// of the rules about a phone turns it on (tests/functions/cod-rules.test.ts).
process.env.COD_PHONE_HISTORY ??= 'off';

// Tests run the functions as a developer's machine does (`npm run dev`): the development tools are
// there. A test of a deploy says so (`markLocalMachine(false)`); each test starts on the machine again.
markLocalMachine();
beforeEach(() => markLocalMachine());
