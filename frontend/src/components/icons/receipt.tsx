import { make } from './make';

export const ReceiptIcon = /* @__PURE__ */ make(
  'Receipt',
  <>
    <path d="M4 2v20l3-2 3 2 2-2 2 2 3-2 3 2V2l-3 2-3-2-2 2-2-2-3 2z" />
    <line x1="8" y1="9" x2="16" y2="9" />
    <line x1="8" y1="13" x2="14" y2="13" />
  </>,
);
