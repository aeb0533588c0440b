import { test as base, expect } from '@playwright/test';

/**
 * Every page is watched: a console error, an uncaught exception, a React hydration warning or a
 * content security policy violation fails the test that caused it — unless the test says it
 * expects that one (`allowConsoleError`). A violation is reported as an event even where the
 * browser logs nothing (a blocked `new Function` that the caller catches), so it is watched too.
 */
export const test = base.extend<{ allowConsoleError: (pattern: RegExp) => void }>({
  allowConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.exposeBinding('__reportCspViolation', (_source, line: string) =>
        errors.push(`Content Security Policy violation: ${line}`),
      );
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation(
            `${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
          ),
        );
      });
      await use((pattern) => allowed.push(pattern));
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
