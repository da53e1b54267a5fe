import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` starts the server with the same environment, so its PORT is the server's.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/auth': apiTarget, '/oidc': apiTarget },
  },
});
