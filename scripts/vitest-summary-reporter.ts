import type { Reporter, TestModule } from "vitest/node";

// Ends the run with one plain line, "tests: N passed, N failed, N skipped", that CI reads.
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) {
        failed += 1; // a file that failed to load counts as a failure
      }
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") {
          passed += 1;
        } else if (state === "failed") {
          failed += 1;
        } else {
          skipped += 1;
        }
      }
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
