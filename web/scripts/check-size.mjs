// Reports the initial JavaScript of the landing route `/` — the entry chunk, everything it
// imports statically, and the home page's lazy chunk with its static imports — in gzip bytes, and
// fails when it is over DESIGN §6's budget of 90 KiB (met since the app runs on preact/compat:
// docs/DECISIONS.md "Preact in place of React"). Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.LANDING_BUDGET_KB ?? 90);
const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect('src/features/home/pages/HomePage.tsx');

let total = 0;
const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const gz = gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
    total += gz;
    return [file, gz];
  })
  .sort((a, b) => b[1] - a[1]);

for (const [file, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(8)} KiB  ${file}`);
console.log(`${(total / 1024).toFixed(1).padStart(8)} KiB  landing route initial JS (gzip): budget ${BUDGET_KB} KiB (DESIGN §6)`);
if (total / 1024 > BUDGET_KB) {
  console.error(`over the ${BUDGET_KB} KiB budget`);
  process.exit(1);
}
