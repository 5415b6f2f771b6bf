import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './runtime-config';

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** The deployment's configuration; only available inside the app's providers. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig is used outside RuntimeConfigContext');
  return config;
}
