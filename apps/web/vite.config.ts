import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: {
    proxy: {
      '/api': api,
      '/login': { target: api, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/logout': api,
      '/sanctum': api,
      '/password': api,
      '/email': api,
      '/app': { target: api, ws: true },
    },
  },
});
