/**
 * The staff's Apps Script web app for the shop's tests: the real apps-script/Code.gs, run against
 * the fakes of tests/support/apps-script-runtime.ts behind an msw handler for the web app's URL,
 * with Google's limits as its quotas page documents them
 * (https://developers.google.com/apps-script/guides/services/quotas):
 *
 * - at most 30 simultaneous executions per user: the next one is answered as Google answers a
 *   refusal, its HTML error page with status 200 and the exception's words
 *   (`Exception: Too many simultaneous invocations: Spreadsheets`);
 * - MailApp's daily recipients (100 on a consumer account), refilled 24 hours after the first
 *   send; past it MailApp throws "Service invoked too many times for one day: email.";
 * - 6 minutes per execution, on a simulated clock: each execution costs `costPerCallMs` and each
 *   range read or write `costPerRangeCallMs`; past the limit the execution stops where it is (the
 *   writes before stay) and the answer is Google's page with "Exceeded maximum execution time";
 * - `down`: unreachable (a network error) or an HTTP status (Google's 5xx).
 *
 * It counts calls per minute of the test's clock (`callsPerMinute`) and shows the tabs' rows
 * (`rows`). Executions can be held (`hold`) to have many at once. The web app's redirect to
 * script.googleusercontent.com is left out: the answer comes straight from the POST.
 */
import { HttpResponse, http } from 'msw';
import { loadScript } from './apps-script-runtime.ts';
import { server } from './msw.ts';

export const SIX_MINUTES_MS = 6 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FakeAppsScriptOptions {
  url?: string;
  /** The Script Property SHARED_SECRET, and the shop's SHEETS_WEBHOOK_SECRET. */
  secret?: string;
  /** Google's limit of simultaneous executions per user. */
  maxSimultaneous?: number;
  /** MailApp's recipients a day (100 consumer, 1,500 Workspace). */
  mailQuota?: number;
  executionLimitMs?: number;
  /** Simulated time an execution takes before any range call, and each range call's. */
  costPerCallMs?: number;
  costPerRangeCallMs?: number;
  /** The test's clock (ms): minutes of calls, and the mail quota's day. */
  clock?: () => number;
}

/** Google's error page for an exception the web app serves instead of the script's answer. */
export function googleErrorPage(message: string): string {
  return (
    '<!DOCTYPE html><html><head><link rel="shortcut icon" href="//ssl.gstatic.com/docs/script/images/favicon.ico">' +
    '<title>Error</title></head><body style="margin:20px"><div><img alt="Google Apps Script" ' +
    'src="//ssl.gstatic.com/docs/script/images/logo.png"></div>' +
    `<div style="text-align:center;font-family:monospace;margin:50px auto 0;max-width:600px">${message}</div></body></html>`
  );
}

const page = (message: string, status = 200) =>
  new HttpResponse(googleErrorPage(message), { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

export function fakeAppsScript(options: FakeAppsScriptOptions = {}) {
  const url = options.url ?? 'https://script.google.com/macros/s/AKfycb-fake-web-app/exec';
  const secret = options.secret ?? 's3cret';
  const mailQuota = options.mailQuota ?? 100;
  const clock = options.clock ?? Date.now;
  /** Google's limits and the simulated costs, which a test may change between calls. */
  const limits = {
    maxSimultaneous: options.maxSimultaneous ?? 30,
    executionLimitMs: options.executionLimitMs ?? SIX_MINUTES_MS,
    costPerCallMs: options.costPerCallMs ?? 0,
    costPerRangeCallMs: options.costPerRangeCallMs ?? 0,
  };
  let spent = 0;
  /** Set when the running execution went past the limit: Google stops it, whatever it answers. */
  let stopped = false;
  const script = loadScript(
    { SHARED_SECRET: secret },
    {
      mailQuota,
      meter: () => {
        spent += limits.costPerRangeCallMs;
        if (spent <= limits.executionLimitMs) return;
        stopped = true;
        throw new Error('Exceeded maximum execution time');
      },
    },
  );
  let gate: Promise<void> = Promise.resolve();
  let mailDayStart: number | undefined;
  const state = {
    /** Unreachable, or Google answering this HTTP status; false when it answers. */
    down: false as false | 'unreachable' | number,
    inFlight: 0,
    /** When each call arrived, on the test's clock; refused ones too. */
    calls: [] as number[],
    /** Calls refused for too many simultaneous executions, and executions killed at the limit. */
    refusedSimultaneous: 0,
    killed: 0,
  };

  /** One execution of doPost, as Google runs it: the answer, or its page when it was killed. */
  const execute = (body: unknown): Response => {
    const now = clock();
    if (mailDayStart !== undefined && now - mailDayStart >= DAY_MS) {
      script.mail.quota = mailQuota;
      mailDayStart = undefined;
    }
    const sentBefore = script.mail.sent.length;
    spent = limits.costPerCallMs;
    stopped = spent > limits.executionLimitMs;
    // Code.gs catches the limit's exception and answers it; Google would have served its page.
    const text = stopped ? '' : script.postText(body);
    if (script.mail.sent.length > sentBefore) mailDayStart ??= now;
    if (stopped) {
      state.killed += 1;
      return page('Exceeded maximum execution time');
    }
    return new HttpResponse(text, { headers: { 'content-type': 'application/json; charset=utf-8' } });
  };

  server.use(
    http.post(url, async ({ request }) => {
      state.calls.push(clock());
      if (state.down === 'unreachable') return HttpResponse.error();
      if (state.down !== false) return page(`Server error (HTTP ${state.down})`, state.down);
      if (state.inFlight >= limits.maxSimultaneous) {
        state.refusedSimultaneous += 1;
        return page('Exception: Too many simultaneous invocations: Spreadsheets');
      }
      state.inFlight += 1;
      try {
        const body = await request.json();
        await gate;
        return execute(body);
      } finally {
        state.inFlight -= 1;
      }
    }),
  );

  return {
    url,
    env: { SHEETS_WEBHOOK_URL: url, SHEETS_WEBHOOK_SECRET: secret },
    script,
    state,
    limits,
    /** Executions wait (and count as running) until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    /** The rows of a tab of the staff's spreadsheet, header first (empty for a tab not made). */
    rows(tab = 'Orders'): string[][] {
      return (script.books.main?.[tab]?.rows ?? []).map((row) => [...row]);
    },
    /** Calls received in each minute of the test's clock that had any, in order. */
    callsPerMinute(): { minute: number; calls: number }[] {
      const counts = new Map<number, number>();
      for (const at of state.calls) {
        const minute = Math.floor(at / 60_000);
        counts.set(minute, (counts.get(minute) ?? 0) + 1);
      }
      return [...counts.entries()].sort(([a], [b]) => a - b).map(([minute, calls]) => ({ minute, calls }));
    },
  };
}
