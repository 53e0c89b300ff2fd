#!/usr/bin/env node
// The one test command (`npm test`): lint (typecheck + linter), build, Vitest (unit, web,
// integration) and Playwright (end-to-end), then one closing line `N passed, N failed` summing
// every suite. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = [];
const run = (name, command, args) => {
  process.stdout.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  process.stdout.write(`=== ${name} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${status})\n`);
  return status === 0;
};
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

mkdirSync('test-results', { recursive: true });
for (const file of ['test-results/vitest.json', 'test-results/e2e.json']) rmSync(file, { force: true });

// 1. Lint counts as one check.
const lintOk = run('lint', 'npm', ['run', 'lint']);
results.push({ suite: 'lint', passed: lintOk ? 1 : 0, failed: lintOk ? 0 : 1 });

// 1b. Dependency audit (production dependencies, high and critical advisories). When the registry
// offers no advisory service (some mirrors refuse it), the run says so and counts nothing for it.
{
  process.stdout.write('\n=== audit: node scripts/audit.mjs\n');
  const { status } = spawnSync('node', ['scripts/audit.mjs'], { stdio: 'inherit' });
  if (status === 0) results.push({ suite: 'audit', passed: 1, failed: 0 });
  else if (status === 1) results.push({ suite: 'audit', passed: 0, failed: 1 });
  else process.stdout.write('=== audit not counted: the advisory service could not be reached\n');
}

// 2. Build: the e2e suite runs the built product. A failed build fails the run.
const buildOk = run('build', 'npm', ['run', 'build']);
results.push({ suite: 'build', passed: buildOk ? 1 : 0, failed: buildOk ? 0 : 1 });

// 3. Vitest: unit + web + integration.
const vitestOk = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  const failedSuites = vitest.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  // A run that executed nothing, or failed outside any test, is a failure too.
  const broken = vitest.numTotalTests === 0 || (vitest.success === false && vitest.numFailedTests + failedSuites === 0);
  results.push({ suite: 'vitest', passed: vitest.numPassedTests, failed: vitest.numFailedTests + failedSuites + (broken ? 1 : 0) });
} else {
  results.push({ suite: 'vitest', passed: 0, failed: 1 });
}
if (!vitestOk && vitest && vitest.numFailedTests === 0) results.at(-1).failed += 1;

// 4. Playwright end-to-end (needs the build).
if (buildOk) {
  const e2eOk = run('e2e', 'npx', ['playwright', 'test']);
  const e2e = readJson('test-results/e2e.json');
  if (e2e) {
    const { expected, unexpected, flaky } = e2e.stats;
    const ran = expected + flaky + unexpected;
    results.push({ suite: 'e2e', passed: expected + flaky, failed: unexpected + (e2e.errors?.length ?? 0) + (ran === 0 ? 1 : 0) });
  } else {
    results.push({ suite: 'e2e', passed: 0, failed: 1 });
  }
  if (!e2eOk && results.at(-1).failed === 0) results.at(-1).failed += 1;
} else {
  results.push({ suite: 'e2e', passed: 0, failed: 1 });
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.suite}: ${r.passed} passed, ${r.failed} failed\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
