import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** Prints one plain closing line, `vitest: N passed, N failed, N skipped`, that CI can read whatever the runner. */
export class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') failedHere += 1;
        else counts.skipped += 1;
      }
      // A file that failed outside any test (load error, failing beforeAll) must not read as a pass.
      counts.failed += failedHere || (module.state() === 'failed' ? 1 : 0);
    }
    counts.failed += unhandledErrors.length;
    process.stdout.write(`\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
