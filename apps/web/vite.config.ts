import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Import @maktaba/shared from its TypeScript sources (see packages/shared/package.json).
    conditions: ['@maktaba/source', 'module', 'browser', 'development|production'],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Keep assets out of inline data: URLs so the CSP (img-src/font-src 'self') holds.
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
});
