/**
 * Reading Prometheus text as a query would: the sum of one series over every label set that includes
 * the given labels (all of them when none are given); 0 when none matches.
 */
export function metricSum(text: string, series: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== series) continue;
    const has = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
    if (Object.entries(labels).every(([name, value]) => has.get(name) === value)) sum += Number(match[3]);
  }
  return sum;
}
