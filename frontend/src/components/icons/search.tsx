import { make } from './make';

export const SearchIcon = /* @__PURE__ */ make(
  'Search',
  <>
    <circle cx="11" cy="11" r="7.5" />
    <line x1="21" y1="21" x2="16.3" y2="16.3" />
  </>,
);
