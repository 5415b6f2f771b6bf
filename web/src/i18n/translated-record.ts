import { i18n, type MessageDescriptor } from '@lingui/core';

/**
 * A record of messages read as plain strings, each in the active locale at the
 * moment it is read (a getter per key): for tables of words that code and
 * tests index like strings (`linkFailureMessage.rejected`). A component
 * reading one should call `useLingui()` so it renders again when the locale
 * changes.
 */
export function translatedRecord<K extends string>(
  descriptors: Record<K, MessageDescriptor>,
): Readonly<Record<K, string>> {
  const record = {} as Record<K, string>;
  for (const key of Object.keys(descriptors) as K[]) {
    Object.defineProperty(record, key, { enumerable: true, get: () => i18n._(descriptors[key]) });
  }
  return record;
}
