import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// React warns about updates outside act() only when told it runs under a test; Vitest has no globals to hint it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

// findBy… waits a second by default: too little while the server's suites share the machine in CI.
configure({ asyncUtilTimeout: 4000 });
