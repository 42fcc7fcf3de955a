import { make } from './make';

export const PlayIcon = /* @__PURE__ */ make('Play', <polygon points="6 3 20 12 6 21 6 3" />);
