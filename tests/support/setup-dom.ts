import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A `findBy…` waits up to 1 s by default: on a busy two-core machine (the database suites running
// beside the DOM ones) a first render after a cold import has taken longer. What is waited for is
// unchanged; only how long before the test gives up.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
