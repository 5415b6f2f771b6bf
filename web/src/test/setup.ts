import {
  cleanup,
  configure,
  type RenderHookOptions,
  type RenderOptions,
} from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { activateLocale } from '../i18n/activate-locale';

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

// Every component reads its words through Lingui, under the LocaleProvider main.tsx puts at
// the root: each test renders in English (the source locale) unless it renders its own provider.
activateLocale('en-US');
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof import('@testing-library/react')>();
  const { withLocale } = await import('./render-in-locale');
  return {
    ...library,
    render: ((ui: ReactNode, options?: RenderOptions) =>
      library.render(ui, {
        ...options,
        wrapper: withLocale('en-US', options?.wrapper),
      })) as typeof library.render,
    renderHook: ((hook: (props: unknown) => unknown, options?: RenderHookOptions<unknown>) =>
      library.renderHook(hook, {
        ...options,
        wrapper: withLocale('en-US', options?.wrapper),
      })) as typeof library.renderHook,
  };
});
