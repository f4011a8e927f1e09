import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in src/web; `npm run build` writes it to dist/, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  css: {
    // Bootstrap Italia's SCSS still uses Sass features that Dart Sass reports as deprecated.
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'legacy-js-api'] } },
  },
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    // `vite` dev server for front-end work; the API runs on the Fastify server.
    proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000' },
  },
});
