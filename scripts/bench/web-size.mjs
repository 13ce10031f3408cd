// JS weight of the first loads, read from Vite's manifest (dist/.vite/manifest.json).
// Home: the entry script of dist/index.html, its modulepreloads and static imports; lazy
// (dynamic) imports are excluded because the home page does not fetch them. Control room:
// that set plus the lazy chunk(s) of the /controlroom shell route and their static imports.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// Source path of the lazy chunk behind the /controlroom route (see src/ routes).
const SHELL_PATTERN = /shell\/ControlRoom/;
// Other lazy chunks of src/shell/ the entry or the router asks for beside the shell on a control
// room address (src/shell/preload.ts, which starts the opened page's own screens): counted too.
const COMPANION_PATTERN = /^src\/shell\//;
// Source path of the router chunk the entry loads on any address but the home page's.
const ROUTER_PATTERN = /AppRouter/;

function loadManifest(dist) {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: vite.config.ts must set build.manifest`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Chunk keys reachable from `start` through static imports only. */
function staticClosure(manifest, start) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  for (const key of start) walk(key);
  return seen;
}

function sizeOf(dist, files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const buf = readFileSync(join(dist, file));
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { raw, gzip, files: [...files].sort() };
}

export function measureWebSizes(dist) {
  const manifest = loadManifest(dist);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // The entry module and any classic script (the control room's preload hints run on every page).
  const htmlScripts = [...html.matchAll(/<script[^>]*src="\/?([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]);
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const homeKeys = staticClosure(manifest, entryKeys);
  const homeFiles = new Set([...htmlScripts, ...preloads, ...[...homeKeys].map((k) => manifest[k].file)]);

  // The shell sits behind one or more lazy hops (e.g. entry → router → shell): find the chain
  // by a breadth-first walk over dynamic imports, then take every hop's static imports.
  const lazyKeys = new Set();
  const parent = new Map();
  const queue = [...homeKeys];
  let shellKey;
  while (queue.length && !shellKey) {
    const key = queue.shift();
    for (const dyn of manifest[key]?.dynamicImports ?? []) {
      if (lazyKeys.has(dyn) || homeKeys.has(dyn)) continue;
      lazyKeys.add(dyn);
      parent.set(dyn, key);
      if (SHELL_PATTERN.test(dyn)) shellKey = dyn;
      // Follow the lazy chunk's own static imports for further lazy hops.
      for (const dep of staticClosure(manifest, [dyn])) queue.push(dep);
    }
  }
  const shellKeys = [];
  for (let key = shellKey; key && !homeKeys.has(key); key = parent.get(key)) {
    if (manifest[key].isDynamicEntry) shellKeys.unshift(key);
  }
  // The entry may ask for the shell itself (beside the router, on a control room address): the
  // router the page renders it with is loaded all the same, so it counts too.
  const router = [...homeKeys]
    .flatMap((key) => manifest[key]?.dynamicImports ?? [])
    .find((key) => ROUTER_PATTERN.test(key));
  if (router && !shellKeys.includes(router)) shellKeys.unshift(router);
  const askers = [...homeKeys, ...(router ? [router] : [])];
  for (const key of askers.flatMap((asker) => manifest[asker]?.dynamicImports ?? [])) {
    if (shellKey && COMPANION_PATTERN.test(key) && !shellKeys.includes(key)) shellKeys.push(key);
  }
  const shellFiles = new Set(homeFiles);
  for (const key of staticClosure(manifest, shellKeys)) shellFiles.add(manifest[key].file);

  return {
    home: sizeOf(
      dist,
      [...homeFiles].filter((f) => f.endsWith('.js')),
    ),
    controlroom: shellKeys.length
      ? sizeOf(
          dist,
          [...shellFiles].filter((f) => f.endsWith('.js')),
        )
      : undefined,
    shellKeys,
    lazyKeys: [...lazyKeys].sort(),
  };
}
