import { make } from './make';

export const ClockIcon = /* @__PURE__ */ make(
  'Clock',
  <>
    <circle cx="12" cy="12" r="10" />
    <polyline points="12 6 12 12 16 14" />
  </>,
);
