import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The server package's version (src/ and dist/ sit at the same depth). */
export function readVersion(): string {
  const file = fileURLToPath(new URL('../package.json', import.meta.url));
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
