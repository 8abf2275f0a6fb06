// Lighthouse budgets for the pages a phone sees first (issue 16): mobile emulation with Lighthouse's
// simulated throttling (slow 4G, 4× CPU), Debian's Chromium, the median of RUNS runs per page.
// Starts no server: pass the base URL of a running, seeded one, e.g.
//   node scripts/lighthouse.mjs http://127.0.0.1:18107 / /tournaments /tournaments/7
// Prints every figure beside its budget and exits non-zero when one fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [base, ...argPaths] = process.argv.slice(2);
if (!base) {
  console.error('usage: node scripts/lighthouse.mjs BASE_URL [path …]');
  process.exit(2);
}
const paths = argPaths.length > 0 ? argPaths : ['/', '/tournaments', '/tournaments/7'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseBin = new URL('../node_modules/lighthouse/cli/index.js', import.meta.url).pathname;

// The spec asks for the zoom lock (user-scalable=no); it is the one accessibility audit we accept failing.
const ACCEPTED_A11Y_FAILURES = new Set(['meta-viewport']);

/** Budgets (issue 16). `worse` says in which direction a figure fails. */
const BUDGETS = [
  { key: 'performance', label: 'performance score', budget: 95, worse: 'lower', fmt: (v) => v.toFixed(0) },
  { key: 'accessibility', label: 'accessibility (zoom lock aside)', budget: 100, worse: 'lower', fmt: (v) => v.toFixed(0) },
  { key: 'lcp', label: 'LCP', budget: 2500, worse: 'higher', fmt: (v) => `${(v / 1000).toFixed(2)} s`, bfmt: '2.50 s' },
  { key: 'tbt', label: 'TBT', budget: 200, worse: 'higher', fmt: (v) => `${v.toFixed(0)} ms`, bfmt: '200 ms' },
  { key: 'cls', label: 'CLS', budget: 0.1, worse: 'higher', fmt: (v) => v.toFixed(3), bfmt: '0.100' },
];

function runLighthouse(url, outFile) {
  const args = [
    lighthouseBin,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,accessibility',
    // Mobile emulation and simulated throttling are Lighthouse's defaults; said here so a change of
    // default cannot silently change what is measured.
    '--form-factor=mobile',
    '--throttling-method=simulate',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code} on ${url}\n${stderr}`))));
  });
}

/** The accessibility score recomputed without the accepted failures, and the audits that fail. */
function accessibility(lhr) {
  let sum = 0;
  let weights = 0;
  const failing = [];
  for (const ref of lhr.categories.accessibility.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (ref.weight === 0 || audit.score === null || !['binary', 'numeric'].includes(audit.scoreDisplayMode)) continue;
    if (audit.score < 1) failing.push(ref.id);
    if (ACCEPTED_A11Y_FAILURES.has(ref.id)) continue;
    sum += ref.weight * audit.score;
    weights += ref.weight;
  }
  return { score: weights ? (100 * sum) / weights : 100, failing };
}

function figures(lhr) {
  if (lhr.runtimeError) throw new Error(`${lhr.requestedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const a11y = accessibility(lhr);
  return {
    performance: lhr.categories.performance.score * 100,
    accessibility: a11y.score,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    a11yFailing: a11y.failing,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const dir = mkdtempSync(join(tmpdir(), 'ladder-lighthouse-'));
let failed = false;
try {
  for (const path of paths) {
    const url = new URL(path, base).href;
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const out = join(dir, `run-${i}.json`);
      await runLighthouse(url, out);
      runs.push(figures(JSON.parse(readFileSync(out, 'utf8'))));
    }
    console.log(`\n${url}  (median of ${RUNS}, mobile, simulated throttling; benchmarkIndex ${runs.map((r) => r.benchmarkIndex).join('/')})`);
    for (const b of BUDGETS) {
      const values = runs.map((r) => r[b.key]);
      const value = median(values);
      const ok = b.worse === 'lower' ? value >= b.budget : value <= b.budget;
      if (!ok) failed = true;
      const runsText = values.map(b.fmt).join(', ');
      console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${b.label.padEnd(32)} ${b.fmt(value).padStart(8)}  budget ${b.worse === 'lower' ? '≥' : '≤'} ${b.bfmt ?? b.budget}   runs: ${runsText}`);
    }
    console.log(`       FCP ${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s (no budget)`);
    const failing = [...new Set(runs.flatMap((r) => r.a11yFailing))];
    if (failing.length) console.log(`       failing accessibility audits: ${failing.join(', ')}${failing.every((id) => ACCEPTED_A11Y_FAILURES.has(id)) ? ' (accepted: spec zoom lock)' : ''}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed) {
  console.error('\nlighthouse: a budget failed');
  process.exit(1);
}
console.log('\nlighthouse: every budget met');
