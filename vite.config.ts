import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The shell's basename (src/domain/screens.ts). */
const SHELL_BASE = '/controlroom';

/** The modules a control room address runs before its first render, whatever the page. */
const SHELL_MODULES = [
  /^src\/app\/AppRouter\.tsx$/,
  /^src\/shell\/ControlRoom\.tsx$/,
  /^src\/shell\/preload\.ts$/,
  // The whole English catalogue: a control room page's first render waits for it.
  /^i18n\/en\.ts$/,
];
/** The schema's screens, which every resource page renders. */
const SCREEN_MODULE = /^src\/resources\/schema\/ResourceScreen\.tsx$/;
const resourceModule = (name: string) => new RegExp(`^src/resources/${name}/index\\.tsx?$`);

interface Chunk {
  fileName: string;
  imports: string[];
  moduleIds: string[];
}

/**
 * Each declared resource's name and screen paths, from the domain itself. Read in a child process
 * run by tsx: the config's loader would otherwise have to bundle the domain's extensionless imports.
 */
function resourcePaths(root: string): { name: string; paths: string[] }[] {
  const url = (path: string) => JSON.stringify(pathToFileURL(`${root}/${path}`).href);
  const code = `const { DECLARATIONS } = await import(${url('src/domain/declarations/registry.ts')});
const { screenPathsOf } = await import(${url('src/domain/screens.ts')});
console.log(JSON.stringify(DECLARATIONS.map((def) => {
  const p = screenPathsOf(def);
  return { name: def.name, paths: [p.list, p.create, p.show, ...(p.edit ? [p.edit] : [])] };
})));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root });
  return JSON.parse(out.toString()) as { name: string; paths: string[] }[];
}

/** A path pattern of the screens (`:id` for any one segment) as a regular expression's source. */
const patternSource = (path: string) => `^${path.replace(/:[^/]+/g, '[^/]+')}/?$`;

/**
 * The script that, on a control room address, asks at once for every chunk its first render
 * needs (the router, the shell, the opened page's screens, and all they import): without it
 * each lazy hop is only discovered once the one before it has run, a waterfall of round trips
 * while the main thread waits. It runs before the entry, as the page's HTML is parsed.
 */
function preloadScript(shell: string[], pages: [string, string[]][]): string {
  return `(function () {
  var path = location.pathname;
  if (path !== ${JSON.stringify(SHELL_BASE)} && path.indexOf(${JSON.stringify(`${SHELL_BASE}/`)}) !== 0) return;
  var files = ${JSON.stringify(shell)};
  var pages = ${JSON.stringify(pages)};
  for (var i = 0; i < pages.length; i++) if (new RegExp(pages[i][0]).test(path)) files = files.concat(pages[i][1]);
  for (var j = 0; j < files.length; j++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + files[j];
    document.head.appendChild(link);
  }
})();
`;
}

/** Adds that script to the built index.html (a file, as the server's CSP allows no inline script). */
function routePreloads(): Plugin {
  let root = process.cwd();
  return {
    name: 'rpa:route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Chunk & typeof file => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // A lazy module may share its chunk with others (then the chunk is named after none of them).
      const holds = (chunk: Chunk, pattern: RegExp) => chunk.moduleIds.some((id) => pattern.test(relative(root, id)));
      const entry = chunks.find((chunk) => 'isEntry' in chunk && chunk.isEntry);
      // What the entry loads already needs no hint.
      const loaded = new Set<string>();
      const closure = (start: Chunk[], into = new Set<string>()) => {
        const walk = (chunk: Chunk | undefined) => {
          if (!chunk || into.has(chunk.fileName)) return;
          into.add(chunk.fileName);
          chunk.imports.forEach((file) => walk(byFile.get(file)));
        };
        start.forEach(walk);
        return into;
      };
      if (entry) closure([entry], loaded);
      const filesOf = (patterns: RegExp[]) =>
        [...closure(chunks.filter((chunk) => patterns.some((pattern) => holds(chunk, pattern))))].filter(
          (file) => !loaded.has(file),
        );
      const shell = filesOf(SHELL_MODULES);
      const pages = resourcePaths(root).map(({ name, paths }): [string, string[]] => {
        const files = filesOf([SCREEN_MODULE, resourceModule(name)]).filter((file) => !shell.includes(file));
        return [paths.map(patternSource).join('|'), files];
      });
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
      const ref = this.emitFile({ type: 'asset', name: 'route-preloads.js', source: preloadScript(shell, pages) });
      const tag = `<script src="/${this.getFileName(ref)}"></script>`;
      html.source = html.source.replace(/(\s*)<script type="module"/, `$1${tag}$1<script type="module"`);
    },
  };
}

// The API server serves dist/ in production; in dev, Vite proxies the API and sockets to it.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), routePreloads()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The bench reads the manifest to know which chunks each page loads first.
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
