import { setupServer } from 'msw/node';

/** The outside world in tests: handlers are added per test; anything unhandled is an error. */
export const server = setupServer();
