import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

function deferred() {
  let resolve: () => void = () => {};
  const done = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { done, resolve };
}

const fallback = <p>Loading…</p>;

describe('lazyPage', () => {
  it('renders a preloaded page at once, never its Suspense fallback', async () => {
    const Page = lazyPage(async () => ({ default: Greeting }));
    await Page.preload();
    render(
      <Suspense fallback={fallback}>
        <Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Hello Ada');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows the fallback until a page that was not preloaded arrives', async () => {
    const chunk = deferred();
    const Page = lazyPage(async () => {
      await chunk.done;
      return { default: Greeting };
    });
    render(
      <Suspense fallback={fallback}>
        <Page name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…').textContent).toBe('Loading…');
    chunk.resolve();
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Grace');
  });

  it('loads the chunk once, however often it is preloaded', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Promise.all([Page.preload(), Page.preload()]);
    await Page.preload();
    expect(loads).toBe(1);
  });
});
