/**
 * Build of the site's static assets: site/styles/site.css → dist/site/assets/site-[hash].css (bundled
 * @imports, minified), the /embed pages' own site/styles/embed.css → assets/embed-[hash].css, and
 * site/public/ (images, downloads, favicon) copied to dist/site/.
 *
 *   npx vite build --config vite.site.config.ts   (site/prerender.ts runs this itself through Vite's API,
 *                                                   then writes the HTML pages next to the assets)
 *
 * The HTML is not built by Vite: pages are prerendered by site/prerender.ts with preact-render-to-string.
 */
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  publicDir: `${root}site/public`,
  logLevel: 'warn',
  build: {
    outDir: `${root}dist/site`,
    // prerender.ts owns the folder's lifecycle (it empties it first, then writes pages after this build).
    emptyOutDir: false,
    assetsDir: 'assets',
    cssMinify: true,
    manifest: false,
    copyPublicDir: true,
    rolldownOptions: {
      input: { site: `${root}site/styles/site.css`, embed: `${root}site/styles/embed.css` },
      output: { assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
});
