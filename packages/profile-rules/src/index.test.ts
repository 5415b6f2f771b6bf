import { expect, it } from 'vitest';
import * as profileRules from './index.js';

// The public surface is this list: a change to it is a decision, made here in review.
it('exports exactly its public surface', () => {
  expect(Object.keys(profileRules).sort()).toMatchInlineSnapshot(`
    [
      "BIO_MAX",
      "DISPLAY_NAME_MAX",
      "HOSTILE",
      "HOSTILE_IN_BIO",
      "PROFILE_FIRST_PAINT_SLOT",
      "PROFILE_FIRST_PAINT_SLOTS",
      "generatedAvatarBackground",
      "generatedAvatarColours",
    ]
  `);
});
