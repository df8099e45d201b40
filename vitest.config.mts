import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// esbuild (vitest's default transform) drops decorator metadata, which TypeGraphQL needs;
// SWC compiles the legacy decorators and emits the metadata.
export default defineConfig({
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
    }),
  ],
  resolve: {
    // One graphql instance: TypeGraphQL and Apollo load its CommonJS build, so our modules must too
    // (Vite would otherwise pick the ES module build, a second copy that graphql-js refuses).
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file starts its own servers on fresh databases; files run in parallel workers.
    pool: 'forks',
  },
});
