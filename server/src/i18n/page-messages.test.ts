import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { PAGE_MESSAGES } from './page-messages.js';

describe('PAGE_MESSAGES', () => {
  // The id is the one Lingui's macro would generate for the message: with any
  // other, extraction would key the message by that id rather than by its
  // English, and the server would not find a translation shared with the app.
  it.each(PAGE_MESSAGES.map((descriptor) => [descriptor.message, descriptor]))(
    'keys %j as Lingui does',
    (_message, descriptor) => {
      expect(descriptor.id).toBe(generateMessageId(descriptor.message ?? ''));
    },
  );
});
