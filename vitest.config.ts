import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './testing/summary-reporter.ts';

// Two projects: `unit` (unit + integration against real PostgreSQL and Redis) and `browser` (Chromium flows
// against a built web app). Both share one freshly created database per run (testing/global-setup.ts).
export default defineConfig({
  test: {
    globalSetup: ['testing/global-setup.ts'],
    reporters: ['default', new SummaryReporter()],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{common,db,api,worker,web,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.browser.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['**/*.browser.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
