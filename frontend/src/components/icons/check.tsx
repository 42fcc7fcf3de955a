import { make } from './make';

export const CheckIcon = /* @__PURE__ */ make('Check', <polyline points="20 6 9 17 4 12" />);
