import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from './server-root.js';

/** The server package's version. */
export function readVersion(): string {
  const file = path.join(SERVER_ROOT, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
