/**
 * No text freezes the uz-cyrl rendition: every transform it is made with (cyrillicText for plain fields,
 * cyrillicHtml for rich text, toLatin for Cyrillic queries) takes time in proportion to its input's
 * length, whatever the input holds. Each is fed long runs of every class of character a backend field
 * can bring (Latin letters, Cyrillic, the apostrophes ʻ ʼ ', digits, @ . -, what starts a URL, a path or
 * a placeholder, combining marks, right-to-left controls, zero-width joiners, deep and unmatched tags),
 * at 64 KB, 1 MB and 8 MB, with the heap the site has (256 MB).
 *
 * Each case runs in a worker thread, which is terminated at the case's bound, so that a transform whose
 * time grows with the square of its input fails in bounded time instead of freezing the test run. The
 * bound allows MIN_CHARS_PER_MS, at least ten times less than the transforms manage on a busy machine;
 * a quadratic transform misses it by far more at 1 MB (docs/performance.md has the figures).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIN_CHARS_PER_MS = 40;
/** What a case may take besides its characters: making the input, starting up, passing the answer. */
const BASE_MS = 500;

const KB = 1024;
const MB = 1024 * KB;

/** The worker: makes each input from its parts (nothing large crosses threads) and times the transform alone. */
const WORKER_SOURCE = `
import { parentPort } from 'node:worker_threads';
import { cyrillicText } from './shared/cyrillic';
import { toLatin } from './shared/uz-cyrl/transliterate';
import { cyrillicHtml } from './server/rich-text/cyrillic';

const TRANSFORMS = { cyrillicText, cyrillicHtml, toLatin };

parentPort.on('message', ({ transform, head, unit, tail, size }) => {
  const input = head + unit.repeat(Math.ceil(size / unit.length)) + tail;
  const started = performance.now();
  const output = TRANSFORMS[transform](input);
  parentPort.postMessage({ ms: performance.now() - started, inputLength: input.length, outputLength: output.length });
});
`;

type Transform = 'cyrillicText' | 'cyrillicHtml' | 'toLatin';

interface Case {
  name: string;
  transform: Transform;
  /** Written once before the run and once after it: a Latin word so that the transliterator reads the text at all. */
  head: string;
  unit: string;
  tail: string;
  size: number;
}

interface Answer {
  ms: number;
  inputLength: number;
  outputLength: number;
}

/** Long runs of one class each, and mixtures; each after "a " so that the text has a Latin letter to read. */
const RUNS: Record<string, string> = {
  'Latin letters': 'a',
  'Latin letters with capitals inside': 'aB',
  'a stem and letters (konsert…)': 'konsertlar',
  'a kept name and suffixes (PDFlar…)': 'PDFlar',
  Cyrillic: 'б',
  'gʻ (ʻ is a letter in Unicode)': 'gʻ',
  'oʼ with the tutuq belgisi': 'oʼ',
  'oʻ and a tutuq belgisi (moʻʼjiza)': 'oʻʼ',
  'two tutuq belgisi after a letter': 'aʼʼ',
  "a and '": "a'",
  ʻ: 'ʻ',
  digits: '1',
  'letters and digits': 'a1',
  '@': '@',
  'letters and @': 'a@',
  'Cyrillic and @': 'б@',
  'dots between letters': 'a.',
  'hyphens between letters': 'a-',
  'underscores between letters': 'a_',
  'labels of a domain name': 'a.uz-',
  'e-mail address parts': 'a.b@c',
  'slashes and dots': '/.',
  'URL schemes': 'http:',
  'www.': 'www.',
  'unclosed placeholders': '{a',
  'entity-like text': '&lt;a',
  'combining marks on letters': 'a\u0301',
  'right-to-left controls': 'a\u202e\u202b\u200f',
  'zero-width joiners': 'a\u200d\u200c',
  'everything mixed': "aб1@.-ʻʼ'/\u0301\u202e\u200d Bx{www.",
};

function cases(): Case[] {
  const all: Case[] = [];
  for (const [name, unit] of Object.entries(RUNS)) {
    all.push({ name, transform: 'cyrillicText', head: 'a ', unit, tail: '', size: 64 * KB });
    all.push({ name, transform: 'cyrillicHtml', head: '<p>a ', unit, tail: '</p>', size: 64 * KB });
    all.push({ name, transform: 'cyrillicText', head: 'a ', unit, tail: '', size: MB });
  }
  const mixed = RUNS['everything mixed']!;
  all.push(
    { name: 'everything mixed', transform: 'cyrillicHtml', head: '<p>a ', unit: mixed, tail: '</p>', size: MB },
    { name: 'nested elements', transform: 'cyrillicHtml', head: '', unit: '<b>a ', tail: '</b>'.repeat(MB / 8), size: MB / 2 },
    { name: 'closing tags with nothing open', transform: 'cyrillicHtml', head: '<p>'.repeat(MB / 6) + 'a', unit: '</b>', tail: '', size: MB / 2 },
    { name: 'Cyrillic words', transform: 'toLatin', head: '', unit: 'Шаҳар ъеЁ цц ', tail: '', size: MB },
    { name: 'everything mixed', transform: 'cyrillicText', head: 'a ', unit: mixed, tail: '', size: 8 * MB },
    // One word of 8 MB, or one run: what holds a node or an entry per character fails here.
    { name: 'one word of capitals inside (aBaB…)', transform: 'cyrillicText', head: 'a ', unit: 'aB', tail: '', size: 8 * MB },
    { name: 'one word of apostrophes (aʼaʼ…)', transform: 'cyrillicText', head: 'a ', unit: "a'", tail: '', size: 8 * MB },
    { name: 'one run of Cyrillic', transform: 'cyrillicText', head: 'a ', unit: 'б', tail: '', size: 8 * MB },
    { name: 'one word of gʻ', transform: 'cyrillicText', head: 'a ', unit: 'gʻ', tail: '', size: 8 * MB },
    { name: 'everything mixed', transform: 'cyrillicHtml', head: '<p>a ', unit: mixed, tail: '</p>', size: 8 * MB },
    { name: 'Cyrillic and Latin', transform: 'toLatin', head: '', unit: 'Шаҳар ъе ab1 ', tail: '', size: 8 * MB },
  );
  return all;
}

function bound(length: number): number {
  return BASE_MS + length / MIN_CHARS_PER_MS;
}

let worker: Worker;

async function startWorker(): Promise<Worker> {
  const bundled = await build({
    stdin: { contents: WORKER_SOURCE, resolveDir: ROOT, loader: 'ts', sourcefile: 'linear-worker.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  });
  // The heap the site runs with (npm start: --max-old-space-size=256), so that a transform that holds too
  // much for it fails here as it would fail the site.
  return new Worker(bundled.outputFiles[0]!.text, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 256 } });
}

/** The case's answer, or a rejection when its bound passes first (the worker is then terminated). */
function run(test: Case): Promise<Answer> {
  const limit = bound(test.head.length + test.size + test.tail.length);
  return new Promise((resolve, reject) => {
    const what = `${test.transform} on ${test.size / KB} KB of ${test.name}`;
    const done = () => {
      clearTimeout(timer);
      worker.removeAllListeners('message');
      worker.removeAllListeners('error');
    };
    const timer = setTimeout(() => {
      done();
      void worker.terminate();
      reject(new Error(`${what}: not done within its bound of ${Math.round(limit)} ms`));
    }, limit);
    worker.once('message', (answer: Answer) => {
      done();
      resolve(answer);
    });
    // Out of memory, or a stack overflow in a regular expression: the worker ends with an error.
    worker.once('error', (error: Error) => {
      done();
      reject(new Error(`${what}: ${error.message}`));
    });
    worker.postMessage(test);
  });
}

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker.terminate());

describe('the uz-cyrl transforms are linear in their input', () => {
  it('transforms every run at 64 KB, 1 MB and 8 MB within a bound of 40 characters a millisecond', { timeout: 600_000 }, async () => {
    const lines: string[] = [];
    for (const test of cases()) {
      const answer = await run(test);
      lines.push(
        `${test.transform.padEnd(12)} ${`${test.size / KB} KB`.padStart(8)} ${test.name.padEnd(36)} ${answer.ms.toFixed(1).padStart(8)} ms ` +
          `(${Math.round(answer.inputLength / Math.max(answer.ms, 0.01))} chars/ms)`,
      );
      expect(answer.ms, test.name).toBeLessThan(bound(answer.inputLength));
      expect(answer.outputLength, test.name).toBeGreaterThan(answer.inputLength / 4);
    }
    console.log(lines.join('\n'));
  });
});
