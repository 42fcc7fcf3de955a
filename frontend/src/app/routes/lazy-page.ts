import { lazy, type ComponentType } from 'react';
import { ensureNamespaces } from '../../lib/i18n';
import type { Namespace } from '../../locales/resources';

/*
 * Every screen is its own chunk, loaded with the texts it needs when it is first visited. While one is on its way,
 * the previous screen stays (navigation runs in a transition) and the root layout shows a thin progress bar.
 */
let pending = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const pendingPages = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  count: () => pending,
};

type Module<P> = { default: ComponentType<P> };

/** `P`: the page's own props (most pages take none). */
export function lazyPage<P extends object = Record<string, never>>(load: () => Promise<ComponentType<P>>, ns: readonly Namespace[] = []) {
  let started: Promise<Module<P>> | null = null;
  let loaded: Module<P> | null = null;
  const start = () => {
    started ??= (async () => {
      pending += 1;
      notify();
      try {
        const [Component] = await Promise.all([load(), ensureNamespaces(ns)]);
        loaded = { default: Component };
        return loaded;
      } catch (err) {
        started = null; // a later visit tries again (e.g. after the network came back)
        throw err;
      } finally {
        pending -= 1;
        notify();
      }
    })();
    return started;
  };
  // A screen preloaded before its first render (the landing page, started by the entry) is handed over at once:
  // React takes a thenable that resolves synchronously without suspending, so nothing flashes a spinner.
  const Page = lazy<ComponentType<P>>(() =>
    loaded ? ({ then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>) : start(),
  );
  return Object.assign(Page, { preload: start });
}
