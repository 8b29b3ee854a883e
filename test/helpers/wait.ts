/**
 * Waiting on a condition instead of a guessed time: `condition` is checked again every few
 * milliseconds until it holds. There is no limit of its own: the test's timeout bounds it, so a busy
 * machine makes a test slower, never red.
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}
