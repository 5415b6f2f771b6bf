import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for something that is coming (a lazy page Vite
// transforms on first import, a render); their timeout is only a failure
// bound. Testing Library's 1 s is too short for a loaded 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has <dialog> but not its modal methods: enough of them for the views that use one.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

// Testing Library unmounts after each test only by itself when test globals are on.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
