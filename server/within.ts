/**
 * `promise`'s value, or null once `ms` have passed or `cut` aborts, whichever comes first (the promise
 * goes on; its later failure is the caller's).
 */
export async function within<T>(promise: Promise<T>, ms: number, cut?: AbortSignal): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  let onCut: (() => void) | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, ms, null);
    if (!cut) return;
    if (cut.aborted) return resolve(null);
    onCut = () => resolve(null);
    cut.addEventListener('abort', onCut, { once: true });
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
    if (onCut) cut?.removeEventListener('abort', onCut);
  }
}
