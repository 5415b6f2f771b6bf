import { type ComponentType, lazy, useState } from 'react';
import { addCataloguePart, type CataloguePart } from '../i18n/catalogue-part';

export type LazyPage<Props extends object> = ComponentType<Props> & {
  /** Starts loading the page's chunk (once); resolves when it can render without suspending. */
  preload(): Promise<void>;
};

/** A page module: its component, and the catalogue of its own words if it has one (the console's). */
export type PageModule<Props extends object> = {
  default: ComponentType<Props>;
  cataloguePart?: CataloguePart;
};

/**
 * A page in its own chunk, like React's `lazy`, that can be loaded ahead of
 * its first render. Once loaded it renders at once, where `lazy` suspends at
 * least one tick on its first render: the app replaces the first paint with
 * a preloaded page, and a Suspense fallback in between would blank the page
 * (docs/web-app.md, "First-visit delivery"). A page with a catalogue part is
 * loaded when that part is too, in the active locale: it renders in its
 * words from the first frame (docs/translations.md, "Three catalogues").
 */
export function lazyPage<Props extends object>(
  load: () => Promise<PageModule<Props>>,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(async (module) => {
      if (module.cataloguePart) await addCataloguePart(module.cataloguePart);
      loaded = module.default;
    });
    return loading;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<Props> };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React's `lazy`, called once per page at module level (route-table.ts).
  function Page(props: Props) {
    // Chosen once per mount: switching from Lazy to the loaded page would remount it.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}
