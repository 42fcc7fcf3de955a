import { make } from './make';

export const ChevronRightIcon = /* @__PURE__ */ make('ChevronRight', <polyline points="9 18 15 12 9 6" />);
