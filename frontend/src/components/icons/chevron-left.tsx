import { make } from './make';

export const ChevronLeftIcon = /* @__PURE__ */ make('ChevronLeft', <polyline points="15 18 9 12 15 6" />);
