import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit';

/** RainbowKit follows `prefers-color-scheme` when given both modes. */
export const walletTheme = {
  lightMode: lightTheme({ accentColor: '#4338ca', borderRadius: 'medium' }),
  darkMode: darkTheme({
    accentColor: '#a5b4fc',
    accentColorForeground: '#1e1b4b',
    borderRadius: 'medium',
  }),
};
