import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'services/scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
