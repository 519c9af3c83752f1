// dist/pglite-template.tar.gz: an embedded database with every migration applied, made once here
// so that a first start copies it instead of creating a database in WebAssembly (initdb, about 3 s
// on two cores) and running the migrations one by one (about 1 s). The server uses it only for an
// empty data directory (src/db/client.ts, openPglite), and still runs the migrations after, so a
// template older than the migrations is brought up to date.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = await PGlite.create({ extensions: { pg_trgm } });
try {
  await migrate(drizzle(client), { migrationsFolder: path.join(root, 'drizzle') });
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(path.join(root, 'dist/pglite-template.tar.gz'), Buffer.from(await dump.arrayBuffer()));
} finally {
  await client.close();
}
