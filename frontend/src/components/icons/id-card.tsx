import { make } from './make';

export const IdCardIcon = /* @__PURE__ */ make(
  'IdCard',
  <>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <circle cx="8" cy="12" r="2.5" />
    <line x1="13" y1="10" x2="18" y2="10" />
    <line x1="13" y1="14" x2="18" y2="14" />
  </>,
);
