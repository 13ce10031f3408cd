// `npm run build`: builds the web app (dist/) and the server (dist-server/) whether or not their
// sources changed; `node scripts/build.mjs web` or `… server` builds one. `npm start` builds only
// what changed (scripts/lib/build.mjs).
import { buildServer, buildWeb } from './lib/build.mjs';

const asked = process.argv.slice(2);
const unknown = asked.filter((part) => part !== 'web' && part !== 'server');
if (unknown.length > 0) {
  process.stderr.write(`Unknown part: ${unknown.join(', ')} (expected web and/or server)\n`);
  process.exit(2);
}
const parts = asked.length > 0 ? asked : ['web', 'server'];
if (parts.includes('web')) buildWeb();
if (parts.includes('server')) await buildServer();
