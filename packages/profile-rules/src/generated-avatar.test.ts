import { expect, it } from 'vitest';
import { generatedAvatarBackground, generatedAvatarColours } from './generated-avatar.js';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

it('draws an address the same in any case, and another address otherwise', () => {
  expect(generatedAvatarColours(address)).toEqual(generatedAvatarColours(address.toLowerCase()));
  expect(generatedAvatarColours(address)).not.toEqual(
    generatedAvatarColours('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'),
  );
});

it('reads its two hues off the hash of the lower-case address', () => {
  // keccak256("0x70997970c51812dc3a010c7d01b50e0d17dc79c8") starts 0x00314e: 0x0031 = 49 is the
  // first hue; the second is 49 + 40 + (0x4e = 78 mod 120) = 167.
  expect(generatedAvatarColours(address)).toEqual(['hsl(49 70% 55%)', 'hsl(167 70% 45%)']);
  expect(generatedAvatarBackground(address)).toBe(
    'linear-gradient(135deg, hsl(49 70% 55%), hsl(167 70% 45%))',
  );
});
