import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from './vite-precompress.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // wouter's shim for React < 18: React 19's own hook instead (src/lib/use-sync-external-store-shim.ts).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  // The server build (entry-server.tsx, `vite build --ssr`) holds every library it renders
  // with, so the API server loads it with nothing resolved from apps/web's node_modules.
  ssr: { noExternal: true },
  // Its React is the production build, as the browser's is, whatever NODE_ENV the server has.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    // The API server of `npm run dev` (scripts/dev.mjs passes the server's PORT along).
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // The public folder is the client's (dist/); the server build is code only.
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    // Browsers without modulepreload (before Safari 17, Firefox 115) load the same modules as
    // they are imported: the polyfill is not worth its place in the first download.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // The first page's code in two chunks: the libraries (which keep their hash while app
            // code changes) and the app's own modules. Without the groups they are split into several
            // small shared chunks that compress worse (the home page's budget is 90 kB gzip, decision 018). Only
            // what the entry imports statically ($initial): a part of a library that only lazy pages
            // use (TanStack's infinite queries, react-hot-toast) stays out of the first download.
            codeSplitting: {
              groups: [
                {
                  name: 'vendor',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam)[\\/]/,
                  tags: ['$initial'],
                },
                { name: 'index', tags: ['$initial'] },
              ],
            },
          },
        },
  },
}));
