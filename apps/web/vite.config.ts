import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// `npm run dev` starts the server with the same environment, so its PORT is the server's.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    // Each file is also written compressed, Brotli at its highest quality and gzip, once at build
    // time; the server sends the one the browser accepts (decision 041).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json)$/ }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/auth': apiTarget, '/oidc': apiTarget },
  },
});
