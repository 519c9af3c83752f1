// Reliability of the built server, each part with PASS/FAIL lines against its target and every
// figure beside the load average (the machine may be shared):
//   load       many readers (shelves, search, book pages, bookmark toggles) on PGlite and PostgreSQL:
//              req/s, p50/p95/p99 against one reader alone, errors, RSS, the server's event-loop delay
//   slowloris  sockets that trickle a request's head and never end it, while readers are served
//   kill       SIGKILL during sign-ups, restart on the same PGlite data: time to healthy, no half account
//   pgrestart  PostgreSQL stopped and started under readers: 503 while down, 200 again without a restart
//   fuzz       every JSON operation of the OpenAPI document with malformed input (fast-check): no 5xx
// Options (npm run bench -- reliability --option=value):
//   --parts=load,slowloris,kill,pgrestart,fuzz   --drivers=pglite,postgres
//   --duration=30 --readers=200 --accounts=50 --baseline=5          (load)
//   --sockets=200 --slow-readers=20 --slow-seconds=10               (slowloris)
//   --signups=100                                                   (kill)
//   --restart-readers=50 --outage=3                                 (pgrestart)
//   --fuzz-runs=30 --fuzz-seconds=120                               (fuzz)
// Everything goes to 127.0.0.1; servers, the PostgreSQL cluster and temporary directories are
// stopped and removed at the end, on failure and on Ctrl-C too.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { cleanupAll, load, verdicts } from './reliability/common.mjs';
import { fuzzPart } from './reliability/fuzz.mjs';
import { killPart } from './reliability/kill.mjs';
import { loadPart } from './reliability/load.mjs';
import { pgRestartPart } from './reliability/pgrestart.mjs';
import { slowlorisPart } from './reliability/slowloris.mjs';

const names = [
  'parts',
  'drivers',
  'duration',
  'readers',
  'accounts',
  'baseline',
  'sockets',
  'slow-readers',
  'slow-seconds',
  'signups',
  'restart-readers',
  'outage',
  'fuzz-runs',
  'fuzz-seconds',
];
const { values: args } = parseArgs({ options: Object.fromEntries(names.map((name) => [name, { type: 'string' }])) });
const number = (name, fallback) => {
  const value = Number(args[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const options = {
  parts: (args.parts ?? 'load,slowloris,kill,pgrestart,fuzz').split(','),
  drivers: (args.drivers ?? 'pglite,postgres').split(','),
  duration: number('duration', 30),
  readers: number('readers', 200),
  accounts: number('accounts', 50),
  baseline: number('baseline', 5),
  sockets: number('sockets', 200),
  slowReaders: number('slow-readers', 20),
  slowSeconds: number('slow-seconds', 10),
  signups: number('signups', 100),
  restartReaders: number('restart-readers', 50),
  outage: number('outage', 3),
  fuzzRuns: number('fuzz-runs', 30),
  fuzzSeconds: number('fuzz-seconds', 120),
};
const parts = { load: loadPart, slowloris: slowlorisPart, kill: killPart, pgrestart: pgRestartPart, fuzz: fuzzPart };
const unknown = options.parts.filter((part) => !parts[part]);
if (unknown.length > 0) {
  console.error(`Unknown part: ${unknown.join(', ')}. Parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping what the benchmark started`);
    await cleanupAll();
    process.exit(130);
  });
}

const started = Date.now();
console.log(
  `${new Date().toISOString()}; node ${process.version}; ${os.cpus().length} cores; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log('The benchmark process drives the load on the same machine: its own work is part of every figure.');
let crashed = false;
try {
  for (const part of options.parts) {
    try {
      await parts[part](options);
    } catch (error) {
      crashed = true;
      console.log(
        `  ${part} did not finish: ${error.stack ?? error}${error.cause ? ` (cause: ${error.cause.code ?? error.cause.message})` : ''}`,
      );
      verdicts.push({ part, target: 'ran to the end', pass: false, detail: error.message });
    }
  }
} finally {
  await cleanupAll();
}
console.log(`\n-- summary (${((Date.now() - started) / 1000).toFixed(0)} s, ${load()})`);
for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.part}: ${v.target} — ${v.detail}`);
console.log(
  `  ${verdicts.filter((v) => v.pass).length} passed, ${verdicts.filter((v) => !v.pass).length} failed (a benchmark: failures are reported, not fatal)`,
);
process.exitCode = crashed ? 1 : 0;
