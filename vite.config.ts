import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server serves dist/ in production; in dev, Vite proxies the API and sockets to it.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The bench reads the manifest to know which chunks each page loads first.
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
