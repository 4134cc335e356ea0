import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards API, websocket and health calls to the api started by `npm run dev` on port 3000.
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, ws: true },
      '/healthz': API_ORIGIN,
      '/readyz': API_ORIGIN,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
