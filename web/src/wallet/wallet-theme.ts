import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit';

/**
 * The page's font (styles.css, `--font-body`), not RainbowKit's rounded stack: the Connect
 * placeholder of the first paint uses it, and RainbowKit's button must be set in the same
 * face to be as wide, or the header's button moves when one replaces the other.
 */
const fonts = { body: 'var(--font-body)' };

/** RainbowKit follows `prefers-color-scheme` when given both modes. */
export const walletTheme = {
  lightMode: { ...lightTheme({ accentColor: '#4338ca', borderRadius: 'medium' }), fonts },
  darkMode: {
    ...darkTheme({
      accentColor: '#a5b4fc',
      accentColorForeground: '#1e1b4b',
      borderRadius: 'medium',
    }),
    fonts,
  },
};
