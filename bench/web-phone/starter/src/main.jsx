// The phone bench's baseline (bench/README.md, "web-phone"): RainbowKit's own
// starting point, getDefaultConfig and a ConnectButton, with one heading.
import '@rainbow-me/rainbowkit/styles.css';
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
          <h1>RainbowKit starter</h1>
          <ConnectButton />
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
);
