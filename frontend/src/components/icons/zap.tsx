import { make } from './make';

export const ZapIcon = /* @__PURE__ */ make('Zap', <polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2" />);
