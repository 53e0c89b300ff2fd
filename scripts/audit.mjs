#!/usr/bin/env node
// Dependency audit for CI: `npm audit` of the production dependencies. A high or critical advisory
// fails the run unless it is listed in EXPLAINED below with the reason it does not apply here.
// Exit codes: 0 clean (or every finding explained), 1 unexplained high/critical advisories,
// 2 the advisory service could not be reached (reported, not counted as a pass).
import { spawnSync } from 'node:child_process';

/** Advisory id or URL → why it does not apply to this product. Keep each reason concrete. */
const EXPLAINED = {};

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
if (!report || report.error || report.message) {
  const reason = report?.error?.summary || report?.message || run.stderr.split('\n').find((line) => line.includes('error')) || 'no answer';
  process.stdout.write(`audit: the advisory service could not be reached (${reason.trim()}); production dependencies were NOT checked.\n`);
  process.exit(2);
}

const findings = [];
for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
  if (!['high', 'critical'].includes(vulnerability.severity)) continue;
  for (const via of vulnerability.via) {
    if (typeof via !== 'object') continue; // a transitive mention; the advisory itself is listed under its package
    const id = via.url ?? String(via.source);
    findings.push({ name, severity: via.severity ?? vulnerability.severity, title: via.title, id, explained: EXPLAINED[id] });
  }
}
const counts = report.metadata?.vulnerabilities ?? {};
process.stdout.write(`audit: production dependencies — ${JSON.stringify(counts)}\n`);
for (const f of findings) {
  process.stdout.write(
    `  ${f.explained ? 'explained' : 'UNEXPLAINED'} ${f.severity} ${f.name}: ${f.title} (${f.id})${f.explained ? ` — ${f.explained}` : ''}\n`,
  );
}
const unexplained = findings.filter((f) => !f.explained);
process.exit(unexplained.length > 0 ? 1 : 0);
