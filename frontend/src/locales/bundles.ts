import enCommon from './en/common.json';
import enLanding from './en/landing.json';
import type { Namespace } from './resources';

type Bundle = Record<string, unknown>;

/** English texts of the public entry: in the main chunk, so the landing page renders without another request. */
export const EAGER_EN: Partial<Record<Namespace, Bundle>> = { common: enCommon, landing: enLanding };

/** Every other file is its own small chunk, fetched on demand. */
const files = import.meta.glob<Bundle>(['./*/*.json', '!./en/common.json', '!./en/landing.json'], { import: 'default' });

export async function loadBundle(lang: string, ns: Namespace): Promise<Bundle> {
  if (lang === 'en' && EAGER_EN[ns]) return EAGER_EN[ns];
  const load = files[`./${lang}/${ns}.json`];
  if (!load) throw new Error(`No texts for ${lang}/${ns}`);
  return load();
}
