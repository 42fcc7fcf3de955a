import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { APP_NS } from './src/locales/resources';

const backend = 'http://127.0.0.1:8080';

/**
 * Writes a .br and a .gz next to every text asset of the build; the gateway serves them (`preCompressed`) to
 * browsers that accept them, so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'akhada:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = join(dir, name);
          if (statSync(file).isDirectory()) walk(file);
          else if (/\.(?:js|css|html|svg|json|webmanifest|txt)$/.test(name) && !name.endsWith('.map') && statSync(file).size >= 1024) {
            const body = readFileSync(file);
            writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
            writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/** The chunks a signed-in visitor needs to show these addresses, beyond the entry and the shell (see appPreload). */
const APP_PAGES: Record<string, string[]> = {
  '/dashboard': ['features/dashboard/routes/dashboard-data.ts', 'features/dashboard/routes/dashboard-page.tsx'],
  '/dashboard/members': ['features/members/routes/members-data.ts', 'features/members/routes/members-page.tsx'],
  '/dashboard/notifications': ['features/notifications/routes/notifications-data.ts', 'features/notifications/routes/notifications-page.tsx'],
};
/** What every signed-in screen needs: the session's calls (first: the data waits for them), the shell, the bell's data. */
const APP_SESSION = ['lib/auth/api/session-calls.ts'];
const APP_SHELL = ['app/dashboard-routes.tsx', 'features/notifications/routes/notifications-data.ts', 'app/shell/app-shell.tsx'];

/**
 * Writes into index.html's inline script the chunks (and their styles) to request at once, in parallel with the main
 * script (otherwise each would only be requested after the code before it has run):
 *   - for a guest opening /: the landing page's first-screen chunk and what it imports beyond the entry;
 *   - for a signed-in visitor opening the app: the session's calls, the shell and its texts (per language), and the
 *     page of the address with its data loader.
 */
function bootPreload(): Plugin {
  return {
    name: 'akhada:boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set<string>();
        const walkEntry = (file: string) => {
          if (inEntry.has(file)) return;
          inEntry.add(file);
          const c = bundle[file];
          if (c?.type === 'chunk') c.imports.forEach(walkEntry);
        };
        if (entry) walkEntry(entry.fileName);
        /** The chunks of these sources and everything they import that the entry does not have, with their styles. */
        const assetsOf = (sources: string[], skip = new Set<string>()) => {
          const assets = new Set<string>();
          const walk = (file: string) => {
            const c = bundle[file];
            if (!c || c.type !== 'chunk' || inEntry.has(file) || skip.has(`/${file}`) || assets.has(`/${file}`)) return;
            assets.add(`/${file}`);
            c.viteMetadata?.importedCss.forEach((css) => assets.add(`/${css}`));
            c.imports.forEach(walk);
          };
          for (const src of sources) {
            const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/src/${src}`)));
            if (!chunk) throw new Error(`boot preload: no chunk for src/${src}`);
            walk(chunk.fileName);
          }
          return assets;
        };
        const landing = assetsOf(['features/landing/routes/landing-page.tsx']);
        const session = assetsOf(APP_SESSION);
        const shell = assetsOf(APP_SHELL, session);
        const common = new Set([...session, ...shell]);
        const texts = (lang: string) => [
          ...assetsOf(
            APP_NS.map((ns) => `locales/${lang}/${ns}.json`),
            common,
          ),
        ];
        // In the order the inline script asks for them: the session, then the page's data loader and code, then the
        // shell and the texts.
        const app = {
          session: [...session],
          shell: [...shell],
          en: texts('en'),
          hi: texts('hi'),
          pages: Object.fromEntries(Object.entries(APP_PAGES).map(([path, sources]) => [path, [...assetsOf(sources, common)]])),
        };
        const worker = Object.keys(bundle).find((f) => /(^|\/)landing-worker-[\w-]+\.js$/.test(f));
        return html
          .replace('/* landing assets */ []', JSON.stringify([...landing]))
          .replace('/* app assets */ {}', JSON.stringify(app))
          .replace("/* landing worker */ ''", JSON.stringify(worker ? `/${worker}` : ''));
      },
    },
  };
}

/**
 * The stylesheets of the landing page's chunk and of what it imports beyond the entry, from the browser build's
 * manifest: the gateway links them in the head of the `/` it renders, so its first screen paints styled.
 */
function landingStyles(distDir: string): string[] {
  const file = join(distDir, '.vite', 'manifest.json');
  let manifest: Record<string, { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`The landing snapshot is built after the browser build: ${file} is missing (run vite build first)`);
  }
  const inEntry = new Set<string>();
  const walkEntry = (key: string) => {
    if (inEntry.has(key)) return;
    inEntry.add(key);
    manifest[key]?.imports?.forEach(walkEntry);
  };
  Object.keys(manifest)
    .filter((k) => manifest[k]!.isEntry)
    .forEach(walkEntry);
  const styles = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || inEntry.has(key)) return;
    seen.add(key);
    manifest[key]?.css?.forEach((css) => styles.add(`/${css}`));
    manifest[key]?.imports?.forEach(walk);
  };
  const page = Object.keys(manifest).find((k) => manifest[k]!.src === 'src/features/landing/routes/landing-page.tsx');
  if (!page) throw new Error('The browser build has no landing page chunk');
  walk(page);
  return [...styles];
}

// `vite build --ssr src/prerender/landing-snapshot.tsx --outDir dist-ssr` (after the browser build): the landing
// page's first screen as one self-contained module for the gateway.
const ssrConfig = () =>
  defineConfig({
    plugins: [react()],
    publicDir: false,
    define: { __LANDING_STYLES__: JSON.stringify(landingStyles('dist')), 'process.env.NODE_ENV': '"production"' },
    ssr: { noExternal: true, resolve: { conditions: ['production'], externalConditions: ['production'] } },
    build: { emptyOutDir: true, target: 'node24', sourcemap: false, minify: false },
  });

const browserConfig = defineConfig({
  plugins: [react(), precompress(), bootPreload()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // dist/.vite/manifest.json: which chunks each route loads (read by scripts/web-budgets.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // A chunk of icons is named after every screen that shares it: keep its file name short.
        chunkFileNames: (chunk) => (chunk.name.startsWith('icons~') ? 'assets/icons-[hash].js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          // Everything the entry needs in one chunk: over HTTP/1.1 (six connections) ten small requests before the
          // first render cost more than the bytes they would save.
          groups: [
            { name: 'app', tags: ['$initial'], priority: 1 },
            // The icons screens share: a few chunks, one per set of screens that use them (small sets merged), instead
            // of one request per icon.
            { name: 'icons', test: /[\\/]src[\\/]components[\\/]icons[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 4 * 1024 },
            // The signed-in area's texts, per language: one request instead of nine (they load together anyway).
            {
              name: (id: string) => {
                const m = /[\\/]src[\\/]locales[\\/](en|hi)[\\/](\w+)\.json$/.exec(id);
                return m && (APP_NS as readonly string[]).includes(m[2]!) ? `texts-${m[1]}` : null;
              },
            },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig() : browserConfig));
