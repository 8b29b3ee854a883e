/**
 * Builds the site with esbuild:
 *  - dist/client: the browser bundle (ESM, minified, content-hashed names): a small entry that wakes
 *    the page's islands, each island its own chunk, React DOM's client as one more; the site's one
 *    stylesheet, gathered from the CSS every page and component imports; and manifest.json, which the
 *    server reads to write <link>/<script> tags and each island's modulepreload hints.
 *    Every hashed file also gets .br and .gz siblings for the static server to send as they are.
 *  - dist/server/index.js: the server, TypeScript bundled to one ESM file with npm packages left
 *    external (node_modules is installed beside it in production), and beside it the sanitiser
 *    thread's script (server/rich-text/sanitize-worker.mjs) and the image encoder's child process
 *    (server/images/encoder-process.mjs), plain JavaScript, copied as they are.
 * `node build.mjs --watch` rebuilds on change and restarts the server (npm run dev).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { STAMP, stampFor } from './scripts/lib/build-freshness.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const clientOut = join(root, 'dist', 'client');
const serverOut = join(root, 'dist', 'server');
const watch = process.argv.includes('--watch');
const production = !watch;

/**
 * React Router 7's package exports point every condition at its development build (dev warnings on,
 * extra checks; remix-run/react-router#12532, #14102), though it ships a production build beside it.
 * Production builds take dist/production; the server then bundles it instead of leaving it external.
 */
const reactRouterProduction = {
  name: 'react-router-production',
  setup(build) {
    const files = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
    build.onResolve({ filter: /^react-router(\/dom)?$/ }, ({ path }) => ({
      path: join(root, 'node_modules', 'react-router', 'dist', 'production', files[path]),
    }));
  },
};
const productionPlugins = production ? [reactRouterProduction] : [];

/** @type {esbuild.BuildOptions} */
const clientOptions = {
  entryPoints: { entry: join(root, 'client', 'entry.ts') },
  outdir: join(clientOut, 'assets'),
  publicPath: '/assets',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome109', 'firefox115', 'safari16'],
  minify: production,
  sourcemap: production ? false : 'linked',
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  jsx: 'automatic',
  // Keep Cyrillic and Uzbek text as UTF-8: escaping every letter as \uXXXX triples the dictionaries.
  charset: 'utf8',
  metafile: true,
  legalComments: 'none',
  // V8's explicit compile hint: compile every function of a chunk while it streams in, on a background
  // thread. Each chunk is loaded only when its code is about to run (React DOM and an island's code to
  // hydrate it, a widget's library when the widget opens); compiled lazily instead, React DOM's CommonJS
  // factory alone is one long main-thread task when it is first required, on a slow phone.
  banner: { js: '//# allFunctionsCalledOnLoad' },
  // The stylesheet is built apart (stylesOptions): an island's module may import its CSS, and pages
  // that are never sent to the browser import theirs.
  loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file', '.css': 'empty' },
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  logLevel: 'warning',
  plugins: productionPlugins,
};

/**
 * swiper and docx-preview run only in the browser (imported dynamically from effects), so they are
 * devDependencies and a production install (dependencies only) does not have them. The server file gets
 * a stand-in module for each: its dynamic import() rejects if server code ever reaches it, which it does not.
 */
const BROWSER_ONLY = /^(?:swiper|docx-preview)(?:\/|$)/;
/** @type {esbuild.Plugin} */
const stubBrowserOnlyPackages = {
  name: 'stub-browser-only-packages',
  setup(build) {
    // A stylesheet's @import of the package's CSS is real CSS, wherever it is built.
    build.onResolve({ filter: BROWSER_ONLY }, (args) => (args.kind === 'import-rule' ? undefined : { path: args.path, namespace: 'browser-only' }));
    build.onLoad({ filter: /.*/, namespace: 'browser-only' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} runs only in the browser`)});`,
      loader: 'js',
    }));
  },
};

/** @type {esbuild.BuildOptions} */
const serverOptions = {
  entryPoints: { index: join(root, 'server', 'index.ts') },
  outdir: serverOut,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  charset: 'utf8',
  sourcemap: 'linked',
  logLevel: 'warning',
  // CSS is the client's; the server only needs to know the import exists.
  loader: { '.css': 'empty' },
  plugins: [stubBrowserOnlyPackages, ...productionPlugins],
};

/**
 * The site's stylesheet: every page module bundled from one entry, of which only the CSS is kept.
 * Styles stay imported beside the component they style, and the browser gets them in one file.
 */
const PAGES_DIR = join(root, 'shared', 'pages');
const stylesOptions = {
  stdin: {
    // The site's own rules first, so that a page's rules win where they meet.
    contents: [
      './shared/styles/site.css',
      ...readdirSync(PAGES_DIR)
        .filter((file) => file.endsWith('.tsx'))
        .sort()
        .map((file) => `./shared/pages/${file}`),
    ]
      .map((path) => `import ${JSON.stringify(path)};`)
      .join('\n'),
    resolveDir: root,
    loader: 'ts',
    sourcefile: 'styles-of-every-page.ts',
  },
  outfile: join(clientOut, 'assets', 'styles.js'),
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: clientOptions.target,
  minify: production,
  charset: 'utf8',
  jsx: 'automatic',
  loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
  assetNames: '[name]-[hash]',
  publicPath: '/assets',
  logLevel: 'warning',
  plugins: [stubBrowserOnlyPackages],
};

/** Writes the stylesheet (and the files it refers to) under a hashed name; returns its URL. */
async function writeStyles(result) {
  await mkdir(join(clientOut, 'assets'), { recursive: true });
  let stylesheet = '';
  for (const file of result.outputFiles) {
    if (file.path.endsWith('.js')) continue;
    if (file.path.endsWith('.css')) {
      const hash = createHash('sha256').update(file.contents).digest('base64url').slice(0, 8).toUpperCase();
      const name = `site-${hash}.css`;
      await writeFile(join(clientOut, 'assets', name), file.contents);
      stylesheet = `/assets/${name}`;
    } else {
      await writeFile(file.path, file.contents);
    }
  }
  if (!stylesheet) throw new Error('build: the pages import no CSS');
  return stylesheet;
}

const buildStyles = async () => writeStyles(await esbuild.build(stylesOptions));

/**
 * manifest.json: the entry, the stylesheet, React DOM's client chunks (`hydrate`) and each island's
 * chunks (shared/islands/<Name>.tsx and what it imports).
 */
function manifestFrom(metafile, stylesheet) {
  const url = (file) => '/' + file.slice(file.indexOf('assets/'));
  const outputs = metafile.outputs;
  const imports = (file, seen = new Set()) => {
    for (const dep of outputs[file]?.imports ?? []) {
      if (dep.kind === 'import-statement' && !seen.has(dep.path)) {
        seen.add(dep.path);
        imports(dep.path, seen);
      }
    }
    return seen;
  };
  const manifest = { entry: '', css: [stylesheet], hydrate: [], islands: {} };
  const chunksOf = (file) => [file, ...imports(file)].filter((f) => f.endsWith('.js')).map(url);
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint) continue;
    if (output.entryPoint.endsWith('client/entry.ts')) manifest.entry = url(file);
    else if (/shared\/islands\/[^/]+\.tsx$/.test(output.entryPoint)) manifest.islands[basename(output.entryPoint, '.tsx')] = chunksOf(file);
    else if (output.entryPoint.endsWith('client/react-root.ts')) manifest.hydrate = chunksOf(file);
  }
  if (!manifest.entry) throw new Error('build: the client entry is missing from the metafile');
  if (manifest.hydrate.length === 0) throw new Error("build: React DOM's client chunk is missing from the metafile");
  return manifest;
}

async function precompress(metafile, stylesheet) {
  await Promise.all(
    [...Object.keys(metafile.outputs), join('dist', 'client', stylesheet)]
      .filter((file) => /\.(js|css|svg)$/.test(file))
      .map(async (file) => {
        const body = await readFile(join(root, file));
        await writeFile(join(root, `${file}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(join(root, `${file}.gz`), gzipSync(body, { level: 9 }));
      }),
  );
}

/** Files the server loads at run time from beside its bundle (worker threads and child processes run their own script). */
const SERVER_FILES = [join(root, 'server', 'rich-text', 'sanitize-worker.mjs'), join(root, 'server', 'images', 'encoder-process.mjs')];

async function copyServerFiles() {
  await mkdir(serverOut, { recursive: true });
  await Promise.all(SERVER_FILES.map((file) => copyFile(file, join(serverOut, basename(file)))));
}

async function writeManifest(metafile, stylesheet) {
  await writeFile(join(clientOut, 'manifest.json'), JSON.stringify(manifestFrom(metafile, stylesheet), null, 2));
}

/** dist/build.json, last: `npm start` trusts only a complete production build newer than the sources. */
async function writeStamp(mode, builtAt) {
  await writeFile(join(root, STAMP), stampFor(mode, builtAt));
}

async function buildOnce() {
  const builtAt = Date.now();
  await rm(join(root, 'dist'), { recursive: true, force: true });
  await mkdir(clientOut, { recursive: true });
  const [client, , stylesheet] = await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions), buildStyles()]);
  await copyServerFiles();
  await writeManifest(client.metafile, stylesheet);
  await precompress(client.metafile, stylesheet);
  const bytes = Object.entries(client.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  await writeStamp('production', builtAt);
  console.log(`build: client ${Object.keys(client.metafile.outputs).length} files (${(bytes / 1024).toFixed(1)} KiB JS), server dist/server/index.js`);
}

/**
 * The dev server: one child process at a time. A restart waits for the old one to exit (so the new one
 * never meets EADDRINUSE); a build with errors keeps the last good server running and esbuild prints
 * the errors; stopping the watcher stops its server.
 */
function devServer() {
  let child = null;
  let chain = Promise.resolve();
  const stop = () =>
    new Promise((resolve) => {
      const current = child;
      child = null;
      if (!current || current.exitCode !== null || current.signalCode !== null) return resolve();
      const force = setTimeout(() => current.kill('SIGKILL'), 5000);
      current.once('exit', () => (clearTimeout(force), resolve()));
      current.kill('SIGTERM');
    });
  const start = () => {
    child = spawn(process.execPath, ['--enable-source-maps', join(serverOut, 'index.js')], { stdio: 'inherit' });
  };
  return {
    get running() {
      return child !== null;
    },
    /** Restarts are queued, so two rebuilds in a row never start two servers. */
    restart: (why) => (chain = chain.then(async () => (console.log(`dev: ${why}, ${child ? 'restarting' : 'starting'} the server`), await stop(), start()))),
    stop: () => (chain = chain.then(stop)),
  };
}

async function buildAndWatch() {
  const server = devServer();
  const afterBuild = (name, onEnd) => ({
    name,
    setup(build) {
      let started = 0;
      build.onStart(() => {
        started = Date.now();
      });
      build.onEnd(async (result) => {
        if (result.errors.length > 0) {
          console.log(
            `dev: ${name} build failed (${result.errors.length} error${result.errors.length > 1 ? 's' : ''} above); the last good server keeps running`,
          );
          return;
        }
        await onEnd(result, Date.now() - started);
      });
    },
  });
  await rm(join(root, 'dist'), { recursive: true, force: true });
  await mkdir(clientOut, { recursive: true });
  // Written first: whatever the watcher leaves in dist/ is never taken for a production build.
  await writeStamp('development', Date.now());
  // A client rebuild changes hashed names, so the server restarts to read the new manifest.
  let stylesheet = await buildStyles();
  let clientMetafile = null;
  const rewriteManifest = async (why) => {
    if (!clientMetafile) return;
    await writeManifest(clientMetafile, stylesheet);
    if (server.running) await server.restart(why);
  };
  const client = await esbuild.context({
    ...clientOptions,
    plugins: [
      afterBuild('client', async (r, ms) => {
        clientMetafile = r.metafile;
        await rewriteManifest(`client rebuilt in ${ms} ms`);
      }),
    ],
  });
  const styles = await esbuild.context({
    ...stylesOptions,
    plugins: [
      ...stylesOptions.plugins,
      afterBuild('styles', async (r, ms) => ((stylesheet = await writeStyles(r)), await rewriteManifest(`styles rebuilt in ${ms} ms`))),
    ],
  });
  const serverCtx = await esbuild.context({
    ...serverOptions,
    plugins: [afterBuild('server', async (_r, ms) => (await copyServerFiles(), await server.restart(`server built in ${ms} ms`)))],
  });
  await client.watch();
  await styles.watch();
  await serverCtx.watch();
  console.log('dev: watching for changes (Ctrl+C to stop)');
  const quit = async () => {
    await Promise.all([client.dispose(), styles.dispose(), serverCtx.dispose()]);
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void quit());
  process.once('SIGTERM', () => void quit());
}

if (watch) await buildAndWatch();
else await buildOnce();
