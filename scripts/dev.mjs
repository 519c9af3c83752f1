#!/usr/bin/env node
// Development: the API server (restarting on change) and Vite (hot reload) side by side.
// Open http://localhost:5173; Vite proxies /api to the server on :3000.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@maktaba/server'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@maktaba/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
