#!/usr/bin/env node
// npm run bench [-- name ... --option=value ...]: runs the named benchmarks (all when none is
// named), passing them the --options. Each prints its figures; none is a pass/fail test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .map((file) => file.replace('.bench.mjs', ''));
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const passed = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n== ${name} ==`);
  const result = spawnSync(process.execPath, [path.join(dir, `${name}.bench.mjs`), ...passed], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
