import type { Locale } from '@sigil/locales';
import type { CataloguePart } from '../../i18n/catalogue-part';
import { messages as source } from '../../locales/en-US/admin.po';

type AdminCatalogueModule = { messages: CataloguePart['source'] };

const lazyCatalogues: Record<Exclude<Locale, 'en-US'>, () => Promise<AdminCatalogueModule>> = {
  'ar-AR': () => import('../../locales/ar-AR/admin.po'),
  'de-DE': () => import('../../locales/de-DE/admin.po'),
  'es-419': () => import('../../locales/es-419/admin.po'),
  'fr-FR': () => import('../../locales/fr-FR/admin.po'),
  'hi-IN': () => import('../../locales/hi-IN/admin.po'),
  'id-ID': () => import('../../locales/id-ID/admin.po'),
  'ja-JP': () => import('../../locales/ja-JP/admin.po'),
  'ko-KR': () => import('../../locales/ko-KR/admin.po'),
  'ms-MY': () => import('../../locales/ms-MY/admin.po'),
  'pt-BR': () => import('../../locales/pt-BR/admin.po'),
  'ru-RU': () => import('../../locales/ru-RU/admin.po'),
  'th-TH': () => import('../../locales/th-TH/admin.po'),
  'tr-TR': () => import('../../locales/tr-TR/admin.po'),
  'uk-UA': () => import('../../locales/uk-UA/admin.po'),
  'vi-VN': () => import('../../locales/vi-VN/admin.po'),
  'zh-CN': () => import('../../locales/zh-CN/admin.po'),
  'zh-HK': () => import('../../locales/zh-HK/admin.po'),
  'zh-TW': () => import('../../locales/zh-TW/admin.po'),
};

/**
 * The console's words (`src/locales/<locale>/admin.po`, docs/translations.md,
 * "Three catalogues"): English in the console's chunk, each other locale a
 * chunk of its own, none of them in what a visitor who is not an
 * administrator downloads. admin-page.tsx hands it to lazyPage, which loads
 * it before the console's first render.
 */
export const adminCatalogue: CataloguePart = {
  source,
  load: (locale) => lazyCatalogues[locale](),
};
