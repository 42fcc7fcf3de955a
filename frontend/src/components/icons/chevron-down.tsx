import { make } from './make';

export const ChevronDownIcon = /* @__PURE__ */ make('ChevronDown', <polyline points="6 9 12 15 18 9" />);
