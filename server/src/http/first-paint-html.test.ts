import { describe, expect, it } from 'vitest';
import { firstPaintPageOf, withFirstPaint } from './first-paint-html.js';

describe('firstPaintPageOf', () => {
  it('names the page main.tsx paints for a path, as first-paint-page.tsx reads it', () => {
    expect(firstPaintPageOf('/')).toBe('/');
    expect(firstPaintPageOf('/verify/')).toBe('/verify');
    expect(firstPaintPageOf('/u/0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('profile');
    expect(firstPaintPageOf('/u/0x7099')).toBe('other');
    expect(firstPaintPageOf('/u/%E0%A4%A')).toBe('other');
    expect(firstPaintPageOf('/account')).toBe('other');
  });
});

describe('withFirstPaint', () => {
  const INDEX = '<body><div id="root"><p class="boot" role="status"></p></div></body>';

  it('puts the first paint in place of the loading line, whatever it holds', () => {
    expect(withFirstPaint(INDEX, '<main>$& $1</main>')).toBe(
      '<body><div id="root"><main>$& $1</main></div></body>',
    );
  });

  it('leaves index.html as it is without one, or without the loading line', () => {
    expect(withFirstPaint(INDEX, undefined)).toBe(INDEX);
    expect(withFirstPaint('<div id="root"></div>', '<main></main>')).toBe('<div id="root"></div>');
  });
});
