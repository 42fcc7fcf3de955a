import { make } from './make';

export const DumbbellIcon = /* @__PURE__ */ make(
  'Dumbbell',
  <>
    <path d="M6.5 6.5v11" />
    <path d="M17.5 6.5v11" />
    <path d="M3.5 9v6" />
    <path d="M20.5 9v6" />
    <path d="M6.5 12h11" />
  </>,
);
