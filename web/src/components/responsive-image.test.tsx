import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImageFieldsFragment } from '../graphql/generated/graphql';
import { imageSrcSet, ResponsiveImage } from './responsive-image';

const image = (width: number): ImageFieldsFragment => {
  const url = (w: number) => `http://localhost:3000/images/img1?w=${w}&q=75`;
  return {
    id: 'img1',
    width,
    height: width,
    w128: url(128),
    w256: url(256),
    w384: url(384),
    w512: url(512),
    w640: url(640),
    w768: url(768),
    w1024: url(1024),
    w1280: url(1280),
    w1600: url(1600),
  };
};

describe('ResponsiveImage', () => {
  it("lists every pipeline width up to the original's in srcset, with sizes", () => {
    const { container } = render(
      <ResponsiveImage image={image(700)} sizes="96px" alt="" width={96} height={96} />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('sizes')).toBe('96px');
    expect(
      img
        ?.getAttribute('srcset')
        ?.split(', ')
        .map((entry) => entry.split(' ')[1]),
    ).toEqual(['128w', '256w', '384w', '512w', '640w']);
  });

  it('keeps the smallest width for an image narrower than every width', () => {
    expect(imageSrcSet(image(64))).toBe('http://localhost:3000/images/img1?w=128&q=75 128w');
  });
});
