// A vitest reporter that writes each test file's whole time — environment, set-up, import, tests
// and hooks — to the JSON file named by VITEST_FILE_TIMES, for `npm test`'s slowest-files list
// (vitest's own JSON report times a file from its first test to its last, leaving out its hooks,
// where a test server usually starts).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FileTimesReporter {
  times = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    this.times.push({ file: relative(process.cwd(), testModule.moduleId), seconds: ms / 1000 });
  }

  onTestRunEnd() {
    const out = process.env.VITEST_FILE_TIMES;
    if (out) writeFileSync(out, JSON.stringify(this.times));
  }
}
