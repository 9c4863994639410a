import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    // The API server of `npm run dev` (scripts/dev.mjs passes the server's PORT along).
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The libraries every page needs, in one chunk: without this they are split into
        // several small shared chunks that compress worse (1.3 kB gzip more on the home page,
        // whose budget is 100 kB) and change hash whenever app code moves.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|react-hot-toast|goober|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
