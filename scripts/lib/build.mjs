// Builds of `npm start` and `npm run build`: the web app (Vite, into dist/) and the server
// (esbuild: server/main.ts and everything it imports from server/, src/ and i18n/ bundled into
// one ES module, dist-server/main.js; node_modules stay outside the bundle). Each build records a
// hash of its sources in a stamp; `ensureBuilt` rebuilds only what changed since, so a warm
// start spends a few milliseconds hashing instead of tens of seconds building.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

export const root = resolve(import.meta.dirname, '../..');
export const WEB_OUT = join(root, 'dist');
export const SERVER_OUT = join(root, 'dist-server');
/**
 * The compiled server; `../dist` and `./migrations` next to it resolve as they do from server/app.ts and
 * server/db/client.ts.
 */
export const SERVER_ENTRY = join(SERVER_OUT, 'main.js');
/** The reference agent as one runnable file (everything bundled), served by /api/agent/download. */
export const AGENT_BUNDLE = join(SERVER_OUT, 'rpa-agent.mjs');
const MIGRATIONS = join(root, 'server/db/migrations');

// Inside dist/.vite/, which every `vite build` empties: a build made by other means drops the
// stamp, so the next start rebuilds rather than trusting a dist/ it did not make.
const WEB_STAMP = join(WEB_OUT, '.vite', 'source-stamp.json');
const SERVER_STAMP = join(SERVER_OUT, 'source-stamp.json');

/**
 * Everything Vite reads: the app, its translations and assets, its config, the dependencies' versions and the .env
 * files.
 */
const WEB_INPUTS = [
  'src',
  'i18n',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];
/** Besides the files the last bundle read (its metafile): what shapes the bundle or is copied next to it. */
const SERVER_EXTRA_INPUTS = ['server/db/migrations', 'tsconfig.json', 'package-lock.json', 'scripts/lib/build.mjs'];

/** The files under each path (a file or a folder), relative to the root, sorted; missing paths are skipped. */
function expand(paths) {
  const files = [];
  for (const path of paths) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    if (!statSync(full).isDirectory()) {
      files.push(path);
      continue;
    }
    for (const entry of readdirSync(full, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) files.push(relative(root, join(entry.parentPath, entry.name)));
    }
  }
  return files.sort();
}

/** One hash of the files' names and contents; a missing file counts as a change. */
function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    const full = join(root, file);
    hash.update(existsSync(full) ? readFileSync(full) : '\0missing\0');
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const webHash = () => hashOf(expand(WEB_INPUTS));
const serverHash = (inputs) => hashOf([...new Set([...inputs, ...expand(SERVER_EXTRA_INPUTS)])].sort());

export function webIsFresh() {
  const stamp = readStamp(WEB_STAMP);
  return stamp !== null && existsSync(join(WEB_OUT, 'index.html')) && stamp.hash === webHash();
}

export function serverIsFresh() {
  const stamp = readStamp(SERVER_STAMP);
  return (
    stamp !== null && Array.isArray(stamp.inputs) && existsSync(SERVER_ENTRY) && stamp.hash === serverHash(stamp.inputs)
  );
}

export function buildWeb({ log = console.log } = {}) {
  const hash = webHash();
  log('Building the web app (vite build)…');
  const started = performance.now();
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  mkdirSync(dirname(WEB_STAMP), { recursive: true });
  writeFileSync(WEB_STAMP, `${JSON.stringify({ hash })}\n`);
  log(`Built the web app in ${seconds(started)}.`);
}

/** The reference agent as one runnable ES module at `outfile`: every dependency inside, Node ≥ 20. */
function bundleAgent(esbuild, outfile) {
  return esbuild.build({
    entryPoints: [join(root, 'agent/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // ws's optional native helpers are loaded in a try: leaving them out only loses a speed-up.
    external: ['bufferutil', 'utf-8-validate'],
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
    tsconfig: join(root, 'tsconfig.json'),
  });
}

/** Builds only the agent's file (tests, or a custom place). */
export async function buildAgent(outfile) {
  const esbuild = await import('esbuild');
  try {
    await bundleAgent(esbuild, outfile);
  } finally {
    await esbuild.stop();
  }
}

/**
 * Plain ES-module packages bundled into the server instead of loaded from node_modules: Node
 * resolves, reads and links every file of an ES module on its own, and these are made of many
 * small ones (TypeBox alone about 700 at start, half of the server's module loading); bundled,
 * a warm start reads one file. They find no files of their own, and only the server's code
 * loads them, so no second copy is loaded next to the bundled one. Their own imports are
 * bundled with them.
 */
const BUNDLED_PACKAGES = ['typebox', 'libphonenumber-js', 'fast-xml-parser'];

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** esbuild's `packages: 'external'`, but for BUNDLED_PACKAGES and what they import. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || BUNDLED_PACKAGES.includes(packageOf(args.path))) return undefined;
      if (/[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer({ log = console.log } = {}) {
  log('Building the server (esbuild)…');
  const started = performance.now();
  const esbuild = await import('esbuild');
  rmSync(SERVER_OUT, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      entryPoints: [join(root, 'server/main.ts')],
      outfile: SERVER_ENTRY,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Dependencies load from node_modules as they do under tsx: same versions, and the
      // packages that find their own files (PGlite's WebAssembly, Swagger UI's assets) still do;
      // except the few in BUNDLED_PACKAGES (see there).
      plugins: [externalPackages],
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
      tsconfig: join(root, 'tsconfig.json'),
    });
    cpSync(MIGRATIONS, join(SERVER_OUT, 'migrations'), { recursive: true });
    const agent = await bundleAgent(esbuild, AGENT_BUNDLE);
    const inputs = [...Object.keys(result.metafile.inputs), ...Object.keys(agent.metafile.inputs)]
      // The dependencies' versions count through package-lock.json (also when node_modules is a link).
      .filter((input) => !/(^|[\\/])node_modules[\\/]/.test(input))
      .map((input) => relative(root, resolve(root, input)))
      .filter((input, i, all) => all.indexOf(input) === i)
      .sort();
    writeFileSync(SERVER_STAMP, `${JSON.stringify({ hash: serverHash(inputs), inputs })}\n`);
    log(`Built the server in ${seconds(started)}.`);
  } finally {
    await esbuild.stop();
  }
}

/** Builds what changed since its last build; returns what it built. */
export async function ensureBuilt({ log = console.log } = {}) {
  const built = [];
  if (!webIsFresh()) {
    buildWeb({ log });
    built.push('web');
  }
  if (!serverIsFresh()) {
    await buildServer({ log });
    built.push('server');
  }
  return built;
}
