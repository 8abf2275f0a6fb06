// Writes .gz and .br next to every compressible file in dist/assets, so the Go server can send
// precompressed bytes (Content-Encoding) without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
// Besides the hashed assets, the files of dist/ itself that every first load fetches as they are
// (public/theme-init.js blocks the first render from <head>). Never index.html: the server adds
// each route's preloads to it, so a precompressed copy would answer without them.
const ROOT_FILES = new Set(['theme-init.js', 'favicon.svg']);

let count = 0;
let raw = 0;
let br = 0;
function compress(file) {
  const data = readFileSync(file);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${file}.br`, brotli);
  count++;
  raw += data.length;
  br += brotli.length;
}
const assets = join(dist, 'assets');
for (const name of readdirSync(assets)) {
  const file = join(assets, name);
  if (COMPRESSIBLE.test(name) && statSync(file).isFile()) compress(file);
}
for (const name of ROOT_FILES) compress(join(dist, name));
// Vite empties dist/ on every build; the repository keeps dist/.gitkeep so `go build` (which
// embeds dist/) works on a fresh clone before the first `npm run build`.
writeFileSync(new URL('../dist/.gitkeep', import.meta.url), '');

console.log(`compress: ${count} files in dist/assets and dist/, ${(raw / 1024).toFixed(1)} KiB → ${(br / 1024).toFixed(1)} KiB brotli`);
