import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Lists the landing page's first-screen chunk (and what it imports beyond the entry) with its styles in index.html's
 * inline script, which preloads them for a guest opening /, in parallel with the main script (otherwise they would
 * only be requested after it has run).
 */
function landingPreload(): Plugin {
  const sources = ['features/landing/routes/landing-page.tsx'];
  return {
    name: 'akhada:landing-preload',
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
        const assets = new Set<string>();
        const walk = (file: string) => {
          const c = bundle[file];
          if (!c || c.type !== 'chunk' || inEntry.has(file) || assets.has(`/${file}`)) return;
          assets.add(`/${file}`);
          c.viteMetadata?.importedCss.forEach((css) => assets.add(`/${css}`));
          c.imports.forEach(walk);
        };
        for (const src of sources) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(src));
          if (!chunk) throw new Error(`landing preload: no chunk for ${src}`);
          walk(chunk.fileName);
        }
        const worker = Object.keys(bundle).find((f) => /(^|\/)landing-worker-[\w-]+\.js$/.test(f));
        return html
          .replace('/* landing assets */ []', JSON.stringify([...assets]))
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
  plugins: [react(), precompress(), landingPreload()],
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
        codeSplitting: {
          // Everything the entry needs in one chunk: over HTTP/1.1 (six connections) ten small requests before the
          // first render cost more than the bytes they would save.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig() : browserConfig));
