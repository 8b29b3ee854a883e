/**
 * An image encoder process ends when its server says so, not on a signal sent to the server's whole
 * process group (systemd's default KillMode, Ctrl-C in a terminal): a stopping server finishes its
 * in-flight image requests, and their encodes with them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cameraLikePhoto } from '../../scripts/lib/photo';
import { Encoder } from '../../server/images/encoder';

let encoder: Encoder | undefined;
afterEach(() => encoder?.close());

describe('an image encoder process', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'finishes its job and stays when sent %s',
    async (signal) => {
      encoder = new Encoder({ timeoutMs: 120_000 });
      const photo = await cameraLikePhoto();
      const source = await encoder.inspect(photo);
      const [pid] = encoder.pids;
      const encoding = encoder.encode(photo, source, 1280, 'webp');
      process.kill(pid!, signal);
      const made = await encoding;
      expect(made.contentType).toBe('image/webp');
      // The same process takes the next job: the signal did not end it.
      await encoder.encode(photo, source, 320, 'webp');
      expect(encoder.pids).toEqual([pid]);
    },
    120_000,
  );
});
