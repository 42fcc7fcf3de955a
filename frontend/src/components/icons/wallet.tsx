import { make } from './make';

export const WalletIcon = /* @__PURE__ */ make(
  'Wallet',
  <>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <line x1="2" y1="10" x2="22" y2="10" />
    <line x1="6" y1="15" x2="10" y2="15" />
  </>,
);
