import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only by itself when test globals are on.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
