import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for something that is coming (a lazy page Vite
// transforms on first import, a render); their timeout is only a failure
// bound. Testing Library's 1 s is too short for a loaded 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library unmounts after each test only by itself when test globals are on.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
