/**
 * The README and docs/ are what a newcomer and a sysadmin read first, so what they say must stay true of
 * the tree: every relative link and #anchor leads somewhere, the configuration table lists exactly the
 * environment variables server/config.ts reads, and the Node versions the README names are the ones the
 * project files pin. And what the code's comments cite is in a clone: a file of the repository, or
 * docs/behaviour.md for the product's rules, never a specification or design note kept elsewhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_TABLE } from '../../shared/page-table';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const documents = ['README.md', ...markdownFiles('docs')];

/** The text a reader sees as prose: fenced code blocks and inline code spans taken out. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*_]{1,2}([^`*_]+)[`*_]{1,2}/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(text) ?? 0;
    seen.set(text, count + 1);
    anchors.add(count === 0 ? text : `${text}-${count}`);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
}

function linksOf(path: string): Link[] {
  const text = prose(read(path));
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => ({ from: path, target: match[1]! }));
}

/** Why a link leads nowhere, or null when it resolves. */
function brokenReason({ from, target }: Link): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = pathPart === '' ? join(root, from) : resolve(root, dirname(from), decodeURIComponent(pathPart));
  if (!file.startsWith(root)) return `${target} points outside the repository`;
  if (!existsSync(file)) return `${relative(root, file)} does not exist`;
  if (anchor === undefined) return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return `#${anchor} on a file that is not Markdown`;
  return anchorsOf(readFileSync(file, 'utf8')).has(anchor) ? null : `${relative(root, file)} has no heading #${anchor}`;
}

/** Environment variable names server/config.ts reads: env.NAME, env['NAME'] and helpers called as (env, 'NAME', …). */
function variablesConfigReads(): string[] {
  const source = read('server/config.ts');
  const names = new Set<string>();
  for (const [, name] of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(name!);
  for (const [, name] of source.matchAll(/\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g)) names.add(name!);
  for (const [, name] of source.matchAll(/\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]*)['"]/g)) names.add(name!);
  return [...names].sort();
}

/** The lines of one `## heading` section of a Markdown file, up to the next heading of that level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) return '';
  const level = heading.split(' ')[0]!;
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
}

/** First-column names of the README's configuration table: | `NAME` | default | meaning |. */
function variablesTheReadmeLists(): string[] {
  const table = section(read('README.md'), '## Configuration');
  return [...table.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((match) => match[1]!).sort();
}

describe('README and docs/', () => {
  it('finds the documents to check', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'docs/operations.md', 'docs/architecture.md', 'docs/content.md', 'docs/performance.md']));
  });

  it('links only to files and headings that exist', () => {
    const links = documents.flatMap(linksOf);
    expect(links.length).toBeGreaterThan(20);
    const broken = links.flatMap((link) => {
      const reason = brokenReason(link);
      return reason ? [`${link.from}: (${link.target}) ${reason}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    const anchors = anchorsOf("# A request's way through the code\n## Node.js versions\n## Redis: the `shared` level\n## Test tiers\n## Test tiers\n");
    expect([...anchors]).toEqual(['a-requests-way-through-the-code', 'nodejs-versions', 'redis-the-shared-level', 'test-tiers', 'test-tiers-1']);
  });

  it('keeps README at most 250 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });
});

describe('the pages the docs count', () => {
  it('are as many as the page table has', () => {
    const counts = ['docs/architecture.md', 'docs/content.md'].flatMap((path) =>
      [...read(path).matchAll(/\b(\d+) pages\b|\((\d+), from the page table/g)].map((match) => ({ path, count: Number(match[1] ?? match[2]) })),
    );
    expect(counts.length).toBeGreaterThanOrEqual(3);
    expect(counts.filter(({ count }) => count !== PAGE_TABLE.length)).toEqual([]);
  });
});

/** What is built, installed, generated or data (by folder name, or path from the root): nothing there cites. */
const NOT_SOURCES = new Set(['node_modules', 'dist', '.git', 'test-results', 'coverage', '.bench', '.lighthouse', 'public', 'content/api', 'content/site']);
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|css|md|conf|ya?ml|json)$|^Dockerfile$|^run$/;

/** Every text file of the repository a person writes: code, styles, docs, configuration. */
function sourceFiles(dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCES.has(entry.name) || NOT_SOURCES.has(path) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) && entry.name !== 'package-lock.json' ? [path] : [];
  });
}

/** A file's text as it cites: Markdown without its fenced blocks (commands, not citations). */
function citingText(path: string): string {
  const text = read(path);
  return path.endsWith('.md') ? text.replace(/^```[\s\S]*?^```/gm, '') : text;
}

/**
 * Paths below the repository's top folders that a text names, as written (`server/app.ts`, `docs/`),
 * without those in string literals (a test's own scratch files) or inside a longer path or URL. A path
 * cut by a pattern (`scripts/generate-*.mjs`, `ttj-1…5.svg`, `${name}`) is no citation of one file.
 */
function citedPaths(text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(/(?<![\w./@:'"-])(?:server|shared|client|test|scripts|docs|deploy|content|public|\.ci)\/[\w.@/-]*/g)) {
    const next = text[match.index + match[0].length] ?? '';
    if ('…*{$'.includes(next) && next !== '') continue;
    paths.push(match[0].replace(/[./-]+$/, ''));
  }
  return paths;
}

describe('what the code and the docs cite', () => {
  const files = sourceFiles();

  it('finds the files and the paths to check', () => {
    expect(files).toEqual(expect.arrayContaining(['server/app.ts', 'shared/constants.ts', 'client/entry.ts', 'docs/behaviour.md', 'eslint.config.js']));
    expect(files.flatMap((path) => citedPaths(citingText(path))).length).toBeGreaterThan(500);
  });

  it('names no specification or design note that is not in the repository', () => {
    const citations = files.flatMap((path) => [...citingText(path).matchAll(/\bSPEC\b|DESIGN\.md/g)].map((match) => `${path}: ${match[0]}`));
    expect(citations).toEqual([]);
  });

  it('names only paths that exist', () => {
    const missing = files.flatMap((path) => citedPaths(citingText(path)).flatMap((cited) => (existsSync(join(root, cited)) ? [] : [`${path}: ${cited}`])));
    expect(missing).toEqual([]);
  });

  it('reads a path as a citation only where it is one', () => {
    const text =
      "see server/app.ts, the folder `docs/`, shared/islands/<Name>.tsx and scripts/generate-*.mjs; dist/server/index.js, 'client/entry.tsx', https://x.example/test/a.ts";
    expect(citedPaths(text)).toEqual(['server/app.ts', 'docs', 'shared/islands']);
  });
});

describe("the README's configuration table", () => {
  it('lists exactly the environment variables server/config.ts reads', () => {
    const inConfig = variablesConfigReads();
    const inReadme = variablesTheReadmeLists();
    expect(inConfig.length).toBeGreaterThan(10);
    const missingRows = inConfig.filter((name) => !inReadme.includes(name));
    const rowsForNothing = inReadme.filter((name) => !inConfig.includes(name));
    expect({ missingRows, rowsForNothing }).toEqual({ missingRows: [], rowsForNothing: [] });
    expect(new Set(inReadme).size).toBe(inReadme.length);
  });
});

describe('the Node versions', () => {
  const nvmrc = read('.nvmrc').trim();
  const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
  const dockerTags = [...read('Dockerfile').matchAll(/^FROM node:(\d+)[\w.-]*/gm)].map((match) => match[1]!);
  const readmeTable = section(read('README.md'), '### Node.js versions');

  it('name one development version in .nvmrc, engines and @types/node', () => {
    expect(nvmrc).toMatch(/^\d+$/);
    expect(pkg.engines.node).toMatch(new RegExp(`^>=${nvmrc}\\.\\d+$`));
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${nvmrc}\\.`));
  });

  it('are the ones the README names, and CI checks the one it runs', () => {
    const floor = pkg.engines.node.replace('>=', '');
    expect(new Set(dockerTags).size).toBe(1);
    expect(readmeTable).toMatch(new RegExp(`\\| Supported \\| Node ${floor.replace('.', '\\.')} or newer \\|`));
    expect(readmeTable).toMatch(new RegExp(`\\| Developed and tested on \\(CI\\) \\| Node ${nvmrc} \\|`));
    expect(readmeTable).toMatch(new RegExp(`\\| Production image \\| Node ${dockerTags[0]} LTS \\|`));
    expect(Number(dockerTags[0])).toBeGreaterThanOrEqual(Number(nvmrc));
    expect(read('.ci/run').includes('.nvmrc'), '.ci/run checks the Node it runs against .nvmrc').toBe(true);
  });
});
