import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import {
  type AnnouncedWallet,
  getAnnouncedWallets,
  onAnnouncedWalletsChange,
} from './announced-wallets';
import {
  isWalletConnectOffered,
  type OfferedWallet,
  offeredChoice,
  onWalletConnectOfferedChange,
  POPULAR_WALLETS,
  WALLET_CONNECT_WALLETS,
} from './offered-wallets';
import {
  cancelConnect,
  chooseEarlyWallet,
  type EarlyWalletChoice,
  getPendingConnect,
  onPendingConnectChange,
} from './pending-connect';

const NONE_ANNOUNCED: readonly AnnouncedWallet[] = [];

type Row = { key: string; name: string; icon: string | null; choice: EarlyWalletChoice };

const announcedRow = (wallet: AnnouncedWallet): Row => ({
  key: wallet.rdns,
  name: wallet.name,
  icon: wallet.icon,
  choice: { name: wallet.name, optionIds: [wallet.rdns] },
});

const offeredRow = (wallet: OfferedWallet): Row => ({
  key: wallet.id,
  name: wallet.name,
  icon: null,
  choice: offeredChoice(wallet),
});

function WalletRow({ row, chosen }: { row: Row; chosen: boolean }) {
  return (
    <li>
      <button
        type="button"
        className="early-wallet-option"
        data-testid={`early-wallet-option-${row.key}`}
        // A tap before main.tsx has run is kept by this id (build/locale-boot-script.ts).
        data-early-wallet={row.key}
        aria-pressed={chosen}
        onClick={() => chooseEarlyWallet(row.choice)}
      >
        {row.icon ? (
          <img className="early-wallet-icon" src={row.icon} alt="" width={28} height={28} />
        ) : (
          <span className="early-wallet-icon" aria-hidden="true">
            {/* By code point: an announced name may start with an emoji. */}
            {Array.from(row.name)[0]}
          </span>
        )}
        <span className="early-wallet-name">{row.name}</span>
      </button>
    </li>
  );
}

/**
 * The wallet list a person gets at once when they tap Connect before the
 * wallet stack has loaded: the wallets the browser announced, then the ones
 * RainbowKit offers besides, in RainbowKit's words and order. A choice is
 * kept; once RainbowKit is up its own dialog replaces this one and goes on
 * with the chosen wallet (wallet/open-pending-connect.tsx). Closing it drops
 * the request. A native modal dialog: the page behind is inert, Escape closes,
 * focus returns to the button that opened it (docs/web-app.md, "First-visit delivery").
 */
export function EarlyWalletList() {
  const { t } = useLingui();
  const pending = useSyncExternalStore(
    onPendingConnectChange,
    getPendingConnect,
    getPendingConnect,
  );
  // Hydrating index.html's first paint, the list as the build prerendered it (none announced, no
  // WalletConnect: neither is known there); then as the browser and the config have it.
  const announced = useSyncExternalStore(
    onAnnouncedWalletsChange,
    getAnnouncedWallets,
    () => NONE_ANNOUNCED,
  );
  const walletConnect = useSyncExternalStore(
    onWalletConnectOfferedChange,
    isWalletConnectOffered,
    () => false,
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (pending.requested && !element.open) element.showModal();
    if (!pending.requested && element.open) element.close();
  }, [pending.requested]);

  const installed = announced.map(announcedRow);
  const announcedRdns = new Set(announced.map((wallet) => wallet.rdns));
  const popular = [...POPULAR_WALLETS, ...(walletConnect ? WALLET_CONNECT_WALLETS : [])]
    .filter((wallet) => !wallet.rdns || !announcedRdns.has(wallet.rdns))
    .map(offeredRow);
  const chosen = pending.wallet;
  const chosenName = chosen?.name;
  const groups = [
    { key: 'installed', title: t`Installed`, rows: installed },
    { key: 'popular', title: t`Popular`, rows: popular },
  ].filter((group) => group.rows.length > 0);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop tap's keyboard twin is Escape, which a modal dialog has natively.
    <dialog
      ref={dialog}
      // Its implicit role, written out: what finds dialogs by the attribute (as RainbowKit's is
      // found, `[role="dialog"]`) finds this one too.
      // biome-ignore lint/a11y/noRedundantRoles: on purpose, for the reason above.
      role="dialog"
      className="early-wallet-list"
      aria-labelledby={titleId}
      data-testid="early-wallet-list"
      onClose={cancelConnect}
      // A tap on the backdrop (the dialog element itself, outside its box) closes it, as RainbowKit's does.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="early-wallet-box">
        <div className="early-wallet-header">
          <h2 id={titleId}>
            <Trans comment="RainbowKit's title for its wallet list in this locale (its connect.title): RainbowKit's dialog replaces this one">
              Connect a Wallet
            </Trans>
          </h2>
          <button
            type="button"
            className="early-wallet-close"
            aria-label={t`Close`}
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`${titleId}-${group.key}`}>
            <h3 id={`${titleId}-${group.key}`} className="early-wallet-group">
              {group.title}
            </h3>
            <ul className="early-wallet-options">
              {group.rows.map((row) => (
                <WalletRow
                  key={row.key}
                  row={row}
                  chosen={chosen?.optionIds[0] === row.choice.optionIds[0]}
                />
              ))}
            </ul>
          </section>
        ))}
        <p className="early-wallet-status" role="status">
          {chosenName ? t`Opening ${chosenName}…` : ''}
        </p>
      </div>
    </dialog>
  );
}
