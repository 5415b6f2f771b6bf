import { type ComponentType, lazy, useState } from 'react';

export type LazyPage<Props extends object> = ComponentType<Props> & {
  /** Starts loading the page's chunk (once); resolves when it can render without suspending. */
  preload(): Promise<void>;
};

/**
 * A page in its own chunk, like React's `lazy`, that can be loaded ahead of
 * its first render. Once loaded it renders at once, where `lazy` suspends at
 * least one tick on its first render: the app replaces the first paint with
 * a preloaded page, and a Suspense fallback in between would blank the page
 * (docs/web-app.md, "First-visit delivery").
 */
export function lazyPage<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
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
