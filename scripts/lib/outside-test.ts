/**
 * The outside tester (scripts/outside-test.mjs): runs the attacks of each party on the built site and
 * prints one line per attack, its result and what it measured.
 */
import { backendAttacks } from './outside-test/backend';
import type { Outcome } from './outside-test/parts';
import { redisAttacks } from './outside-test/redis';
import { visitorAttacks } from './outside-test/visitor';

const PARTIES: Record<string, (only?: RegExp) => Promise<Outcome[]>> = {
  backend: backendAttacks,
  visitor: visitorAttacks,
  redis: redisAttacks,
};

/** Runs the parties named in `args` (all when none), attacks whose name matches ONLY; answers how many failed. */
export async function outsideTest(args: string[]): Promise<number> {
  const names = args.length ? args : Object.keys(PARTIES);
  const only = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
  let failed = 0;
  for (const name of names) {
    const party = PARTIES[name];
    if (!party) throw new Error(`no party ${name}: one of ${Object.keys(PARTIES).join(', ')}`);
    for (const result of await party(only)) {
      if (!result.ok) failed++;
      console.log(`${result.ok ? 'held' : 'FAIL'}  ${result.group}: ${result.attack}\n      ${result.detail}`);
    }
  }
  return failed;
}
