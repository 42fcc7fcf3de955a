import { make } from './make';

export const PauseIcon = /* @__PURE__ */ make(
  'Pause',
  <>
    <rect x="6" y="4" width="4" height="16" rx="1" />
    <rect x="14" y="4" width="4" height="16" rx="1" />
  </>,
);
