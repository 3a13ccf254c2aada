#!/usr/bin/env node
// Runs after `react-router build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
// copy beside every text asset of build/client, once, so the server sends the smallest bytes
// without compressing the same file again on every request (server/http.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "build", "client");
const TEXT = new Set([".js", ".css", ".svg", ".json", ".txt", ".map"]);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(root)) {
  if (!TEXT.has(extname(file))) continue;
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  br += brotli.length;
  count++;
}
console.log(`Precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
