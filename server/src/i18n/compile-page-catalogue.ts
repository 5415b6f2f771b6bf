import type { MessageDescriptor } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { translationIn } from '@sigil/locales';

/** The server pages' messages in one locale, compiled for `@lingui/core`, by message id. */
export type CompiledPageCatalogue = Record<string, ReturnType<typeof compileMessage>>;

/**
 * The page messages, compiled from a locale's catalogue (as readPoCatalogue
 * reads a PO file). A message the catalogue lacks is compiled in English, as
 * the app shows it. The build writes these (scripts/build/write-page-catalogues.ts);
 * the server reads what it wrote (page-catalogues.ts).
 */
export function compilePageCatalogue(
  catalogue: ReadonlyMap<string, string>,
  messages: readonly MessageDescriptor[],
): CompiledPageCatalogue {
  const compiled: CompiledPageCatalogue = {};
  for (const { id, message = id } of messages) {
    compiled[id] = compileMessage(translationIn(catalogue, { message }) ?? message);
  }
  return compiled;
}
