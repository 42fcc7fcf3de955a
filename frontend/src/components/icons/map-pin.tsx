import { make } from './make';

export const MapPinIcon = /* @__PURE__ */ make(
  'MapPin',
  <>
    <path d="M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z" />
    <circle cx="12" cy="10" r="3" />
  </>,
);
