// @ts-check
/**
 * The image encoder's child process: every libvips call of the endpoint (reading a source's header,
 * making a variant) runs here, never in the server. libvips works on threads nobody can interrupt, and
 * its `timeout` is only looked at between tiles: one hostile SVG (a filter that takes minutes to draw)
 * ignores it. A process can be killed (server/images/encoder.ts does, past the time limit), and what
 * it held goes back to the system with it. Plain JavaScript, so the same file runs from the sources in
 * tests and from dist/server in production (build.mjs copies it there).
 *
 * Messages in: { id, op: 'inspect', bytes } or { id, op: 'encode', bytes, source, width, target,
 * shareCrop }; out: { ready: true } once, then { id, rss, result }, or { id, rss, refused: { reason,
 * detail } }, or { id, rss, error } (rss: the process's resident bytes once the job is done).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * The server starts this process in a session of its own (encoder.ts), with the nice value it wants for it
 * (argv). Where Linux groups the CPU by session (autogroups), that value is given to this session's
 * group too, so that the host's other processes come first, not only this server's. Only when this
 * process leads its session: otherwise the group is the server's, which must keep its priority.
 */
function lowerSessionPriority() {
  const nice = Number(process.argv[2]);
  if (!Number.isInteger(nice) || nice <= 0) return;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
    if (session === process.pid) writeFileSync('/proc/self/autogroup', String(nice));
  } catch {
    // No /proc, no autogroups (a container's cgroup: there the process's own nice value counts), or not permitted.
  }
}
lowerSessionPriority();

// One libvips thread per process: the server's work queue (IMAGE_ENCODERS at once) is then the whole of the CPU
// images take. No libvips operation cache: each variant is made once and then read from disk.
sharp.concurrency(1);
sharp.cache(false);

/** Larger images are refused from their header, before any pixel is decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * Formats accepted from a source. SVG is rasterised here and never sent as SVG: librsvg runs no
 * script and, reading from a buffer, loads no external file or URL.
 */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'svg']);
/** @type {import('sharp').SharpOptions} */
const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };

/** Quality choices (docs/architecture.md, "Images"): visually close to one another at a glance on a phone. */
const AVIF = { quality: 50, effort: 3, chromaSubsampling: '4:2:0' };
const WEBP = { quality: 75, effort: 4 };
const JPEG = { quality: 78, mozjpeg: true };
const PNG = { compressionLevel: 8 };

/** A source the endpoint will not use: `reason` is one of server/images/refused.ts's categories. */
class Refused extends Error {
  /** @param {string} reason @param {string} detail */
  constructor(reason, detail) {
    super(detail);
    this.reason = reason;
  }
}

/**
 * What the header says; refuses what is not an accepted image, or too large to decode.
 * @param {Buffer} bytes
 */
async function inspect(bytes) {
  let meta;
  try {
    // The header alone, without sharp's pixel limit, so that a bomb is refused with its dimensions below.
    meta = await sharp(bytes, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new Refused('not-an-image', 'not an image');
  }
  if (!ACCEPTED.has(meta.format)) throw new Refused('not-an-image', `format ${meta.format} not accepted`);
  const { width, height } = meta;
  if (!width || !height) throw new Refused('not-an-image', 'no dimensions');
  if (width * height > MAX_INPUT_PIXELS) throw new Refused('too-large', `too many pixels (${width}x${height})`);
  const turned = (meta.orientation ?? 1) >= 5;
  return { format: meta.format, width: turned ? height : width, height: turned ? width : height, hasAlpha: meta.hasAlpha };
}

/**
 * The variant `width` pixels wide (never wider than a raster source: a 500-px photo stays 500 px), in
 * the target format, oriented, with every metadata block (EXIF, XMP, ICC: converted to sRGB) dropped;
 * or, for `width` 'og', the share crop.
 * @param {{ bytes: Buffer, source: SourceImage, width: number | 'og', target: 'avif' | 'webp' | 'legacy', shareCrop: { width: number, height: number } }} job
 */
async function encode({ bytes, source, width, target, shareCrop }) {
  if (width === 'og') return crop(bytes, source, shareCrop);
  // An SVG is drawn at the size asked for: for a vector, that is no enlargement.
  const svg = source.format === 'svg';
  const density = svg ? Math.min(100_000, Math.max(1, (72 * width) / source.width)) : undefined;
  const image = sharp(bytes, { ...INPUT, density })
    .autoOrient()
    .resize({ width, withoutEnlargement: !svg });
  if (target === 'avif') return { bytes: await image.avif(AVIF).toBuffer(), contentType: 'image/avif', ext: 'avif' };
  if (target === 'webp') return { bytes: await image.webp(WEBP).toBuffer(), contentType: 'image/webp', ext: 'webp' };
  if (source.hasAlpha) return { bytes: await image.png(PNG).toBuffer(), contentType: 'image/png', ext: 'png' };
  return { bytes: await image.jpeg(JPEG).toBuffer(), contentType: 'image/jpeg', ext: 'jpg' };
}

/**
 * The link-preview crop: the source covering the crop's size (enlarged if smaller: previews want that
 * size), cut around what sharp's attention strategy finds most salient (skin, saturation, edges), on
 * white where it was transparent, as JPEG.
 * @param {Buffer} bytes
 * @param {SourceImage} source
 * @param {{ width: number, height: number }} size
 */
async function crop(bytes, source, size) {
  const svg = source.format === 'svg';
  const cover = Math.max(size.width / source.width, size.height / source.height);
  const density = svg ? Math.min(100_000, Math.max(1, 72 * cover)) : undefined;
  const image = sharp(bytes, { ...INPUT, density })
    .autoOrient()
    .resize({ ...size, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' });
  return { bytes: await image.jpeg(JPEG).toBuffer(), contentType: 'image/jpeg', ext: 'jpg' };
}

/**
 * @typedef {{ format: string, width: number, height: number, hasAlpha: boolean }} SourceImage
 * @typedef {{ id: number, op: 'inspect', bytes: Uint8Array }
 *   | { id: number, op: 'encode', bytes: Uint8Array, source: SourceImage, width: number | 'og', target: 'avif' | 'webp' | 'legacy', shareCrop: { width: number, height: number } }} Job
 */

/** @param {Job} job */
async function handle(job) {
  // Structured clone hands a Buffer over as a plain Uint8Array.
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  if (job.op === 'inspect') return inspect(bytes);
  return encode({ ...job, bytes });
}

if (!process.send) throw new Error('encoder-process.mjs runs as a child process only');
const toServer = process.send.bind(process);
/**
 * A reply that cannot be sent means the server has gone (a job can end between the channel closing and
 * 'disconnect' arriving): this process ends as it would on 'disconnect', instead of an uncaught
 * ERR_IPC_CHANNEL_CLOSED on the stderr it shares with the server.
 * @param {object} message
 */
const send = (message) => toServer(message, (/** @type {Error | null} */ error) => error && process.kill(process.pid, 'SIGKILL'));
process.on('message', (/** @type {Job} */ job) => {
  // The resident memory after the job: the server replaces a process that kept too much.
  const answer = (/** @type {object} */ reply) => send({ id: job.id, rss: process.memoryUsage.rss(), ...reply });
  handle(job).then(
    (result) => answer({ result }),
    (error) =>
      answer(
        error instanceof Refused
          ? { refused: { reason: error.reason, detail: error.message } }
          : { error: error instanceof Error ? error.message : String(error) },
      ),
  );
});
// The server going away (its IPC channel closed) ends this process too, at once: process.exit would
// wait for the libvips call running on libuv's threads, which for a hostile source is minutes of CPU
// spent for nobody. Nothing here needs saving.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
// The server alone decides when this process ends: idle, past a time limit, or with the server itself
// ('disconnect' above). A signal sent to the whole process group (systemd's default KillMode, Ctrl-C in
// a terminal, `kill -- -<pgid>`) would otherwise end it under a job the stopping server is still
// finishing, and that image request would fail.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => undefined);
send({ ready: true });
