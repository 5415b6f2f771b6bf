import { useEffect } from 'react';
import { useConfig } from 'wagmi';
import { reconnectRecentWallet } from './reconnect-recent-wallet';

/** Reconnects the last used wallet once, on load; pair with `reconnectOnMount={false}`. */
export function RecentWalletReconnector() {
  const config = useConfig();
  useEffect(() => {
    void reconnectRecentWallet(config);
  }, [config]);
  return null;
}
