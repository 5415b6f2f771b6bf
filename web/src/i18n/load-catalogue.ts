import type { Messages } from '@lingui/core';
import type { Locale } from '@sigil/locales';
import { messages as sourceMessages } from '../locales/en-US/messages.po';

type CatalogueModule = { messages: Messages };

/**
 * One lazy chunk per locale, each its own `import()` so the bundler names
 * each catalogue's chunk after its file (build/locale-boot-script.ts finds
 * them there): a visitor downloads their own language's catalogue only.
 */
const lazyCatalogues: Record<Exclude<Locale, 'en-US'>, () => Promise<CatalogueModule>> = {
  'ar-AR': () => import('../locales/ar-AR/messages.po'),
  'de-DE': () => import('../locales/de-DE/messages.po'),
  'es-419': () => import('../locales/es-419/messages.po'),
  'fr-FR': () => import('../locales/fr-FR/messages.po'),
  'hi-IN': () => import('../locales/hi-IN/messages.po'),
  'id-ID': () => import('../locales/id-ID/messages.po'),
  'ja-JP': () => import('../locales/ja-JP/messages.po'),
  'ko-KR': () => import('../locales/ko-KR/messages.po'),
  'ms-MY': () => import('../locales/ms-MY/messages.po'),
  'pt-BR': () => import('../locales/pt-BR/messages.po'),
  'ru-RU': () => import('../locales/ru-RU/messages.po'),
  'th-TH': () => import('../locales/th-TH/messages.po'),
  'tr-TR': () => import('../locales/tr-TR/messages.po'),
  'uk-UA': () => import('../locales/uk-UA/messages.po'),
  'vi-VN': () => import('../locales/vi-VN/messages.po'),
  'zh-CN': () => import('../locales/zh-CN/messages.po'),
  'zh-HK': () => import('../locales/zh-HK/messages.po'),
  'zh-TW': () => import('../locales/zh-TW/messages.po'),
};

/** English, the source, is part of the entry: a first visit in English waits for no catalogue. */
export function sourceCatalogue(): Messages {
  return sourceMessages;
}

/** The compiled messages of `locale`: at once for English, from its own chunk for any other. */
export async function loadCatalogue(locale: Locale): Promise<Messages> {
  if (locale === 'en-US') return sourceMessages;
  return (await lazyCatalogues[locale]()).messages;
}
