// Writes .gz and .br next to every compressible file in dist/assets, so the Go server can send
// precompressed bytes (Content-Encoding) without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('../dist/assets/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

let count = 0;
let raw = 0;
let br = 0;
for (const name of readdirSync(dir)) {
  const file = join(dir, name);
  if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
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
// Vite empties dist/ on every build; the repository keeps dist/.gitkeep so `go build` (which
// embeds dist/) works on a fresh clone before the first `npm run build`.
writeFileSync(new URL('../dist/.gitkeep', import.meta.url), '');

console.log(`compress: ${count} files in dist/assets, ${(raw / 1024).toFixed(1)} KiB → ${(br / 1024).toFixed(1)} KiB brotli`);
