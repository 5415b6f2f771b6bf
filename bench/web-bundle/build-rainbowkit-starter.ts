import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { repoRoot } from '../../testing/repo-root.js';

/**
 * The baseline of the bundle bench: the smallest app RainbowKit's own docs
 * start from (getDefaultConfig, WagmiProvider, QueryClientProvider,
 * RainbowKitProvider, ConnectButton), written under bench/.starter/ and built
 * with the repository's installed Vite and React plugin at their defaults.
 * It lives inside the repository so Node resolution finds the installed
 * packages: nothing is downloaded. Resolves with the build's directory.
 */
export const starterDir = join(repoRoot, 'bench/.starter');

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>RainbowKit starter</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`;

const MAIN_JSX = `import '@rainbow-me/rainbowkit/styles.css';
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';
import { base, mainnet, polygon, sepolia } from 'wagmi/chains';

const config = getDefaultConfig({
  appName: 'RainbowKit starter',
  projectId: 'bench',
  chains: [mainnet, base, polygon, sepolia],
});
const queryClient = new QueryClient();

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider>
          <ConnectButton />
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
);
`;

export async function buildRainbowKitStarter(): Promise<string> {
  rmSync(starterDir, { recursive: true, force: true });
  mkdirSync(join(starterDir, 'src'), { recursive: true });
  writeFileSync(join(starterDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(starterDir, 'src/main.jsx'), MAIN_JSX);
  const outDir = join(starterDir, 'dist');
  await build({
    root: starterDir,
    configFile: false,
    // Vite's advice about large chunks and browser externals is about the starter, not for this report.
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return outDir;
}
