/**
 * deploy/prometheus/alerts.yml: every alert has a `for:`, a severity and a runbook line that exists in
 * docs/operations.md, and every rule has promtool unit tests in deploy/prometheus/tests/ that see it
 * fire and see it stay silent. With Debian's promtool (REQUIRE_PROMTOOL=1 in .ci/run's alerts tier, where
 * it is installed) the tests also run, and each alert's tests are shown to matter: they fail when the
 * alert can never fire, and when its `for:` is taken away (a blip would then be heard).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rulesDir = join(root, 'deploy/prometheus');
const rulesText = readFileSync(join(rulesDir, 'alerts.yml'), 'utf8');

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface AlertTest {
  alertname: string;
  exp_alerts?: unknown[];
}
interface TestGroup {
  alert_rule_test?: AlertTest[];
  promql_expr_test?: Array<{ expr: string }>;
}

const rules = (yaml.load(rulesText) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap((g) => g.rules);
const alerts = rules.filter((r) => r.alert);
const records = rules.filter((r) => r.record);
const testFiles = readdirSync(join(rulesDir, 'tests')).filter((name) => name.endsWith('.test.yml'));
const testGroups = testFiles.map((file) => ({
  file,
  groups: (yaml.load(readFileSync(join(rulesDir, 'tests', file), 'utf8')) as { tests: TestGroup[] }).tests,
}));
const alertTests = testGroups.flatMap(({ file, groups }) => groups.flatMap((g) => (g.alert_rule_test ?? []).map((t) => ({ file, ...t }))));

const PROMTOOL = existsSync('/usr/bin/promtool') ? '/usr/bin/promtool' : null;
if (!PROMTOOL && process.env.REQUIRE_PROMTOOL === '1') throw new Error('REQUIRE_PROMTOOL=1 but promtool is not installed (apt-get install -y prometheus)');
const run = promisify(execFile);

/** Whether `promtool test rules` passes on `files` (in `dir`, which holds alerts.yml and tests/). */
async function promtoolPasses(dir: string, files: string[]): Promise<boolean> {
  try {
    await run(PROMTOOL!, ['test', 'rules', ...files.map((f) => join('tests', f))], { cwd: dir });
    return true;
  } catch {
    return false;
  }
}

describe('deploy/prometheus/alerts.yml', () => {
  it('gives every alert a for:, a severity and a runbook line in docs/operations.md', () => {
    const operations = readFileSync(join(root, 'docs/operations.md'), 'utf8');
    const alertsSection = operations.slice(operations.indexOf('\n## Alerts\n'), operations.indexOf('\n## Logs\n'));
    expect(alerts.length).toBeGreaterThan(10);
    for (const rule of alerts) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.runbook_url, rule.alert).toBe(`docs/operations.md#${rule.alert!.toLowerCase()}`);
      expect(alertsSection, rule.alert).toContain(`\n### ${rule.alert}\n`);
    }
  });

  it('has promtool tests that see every alert fire and stay silent, and test every recording rule', () => {
    for (const rule of alerts) {
      const own = alertTests.filter((t) => t.alertname === rule.alert);
      expect(
        own.some((t) => (t.exp_alerts ?? []).length > 0),
        `${rule.alert} fires in a test`,
      ).toBe(true);
      expect(
        own.some((t) => (t.exp_alerts ?? []).length === 0),
        `${rule.alert} stays silent in a test`,
      ).toBe(true);
    }
    const exprs = testGroups.flatMap(({ groups }) => groups.flatMap((g) => (g.promql_expr_test ?? []).map((t) => t.expr)));
    for (const rule of records) expect(exprs, rule.record).toContain(rule.record);
  });

  it.skipIf(!PROMTOOL)('passes promtool check rules and its unit tests', async () => {
    await run(PROMTOOL!, ['check', 'rules', 'alerts.yml'], { cwd: rulesDir });
    expect(await promtoolPasses(rulesDir, testFiles)).toBe(true);
  });

  it.skipIf(!PROMTOOL)(
    'fails its tests when an alert can never fire, or when its for: is taken away',
    async () => {
      const mutants = alerts.flatMap((rule) => {
        const files = [...new Set(alertTests.filter((t) => t.alertname === rule.alert).map((t) => t.file))];
        const block = new RegExp(`(- alert: ${rule.alert}\\n\\s+expr: )([\\s\\S]*?)(\\n\\s+for: )(\\S+)`);
        expect(rulesText, rule.alert).toMatch(block);
        return [
          {
            name: `${rule.alert} (never fires)`,
            files,
            text: rulesText.replace(block, (_, head, _expr, forKey, forValue) => `${head}vector(1) < 0${forKey}${forValue}`),
          },
          { name: `${rule.alert} (for: 0s)`, files, text: rulesText.replace(block, (_, head, expr, forKey) => `${head}${expr}${forKey}0s`) },
        ];
      });
      const dir = mkdtempSync(join(tmpdir(), 'alert-rules-'));
      try {
        // Each mutant in a folder of its own, a few at a time.
        const unnoticed: string[] = [];
        const next = mutants.entries();
        const worker = async () => {
          for (const [i, mutant] of next) {
            const own = join(dir, String(i));
            cpSync(join(rulesDir, 'tests'), join(own, 'tests'), { recursive: true });
            writeFileSync(join(own, 'alerts.yml'), mutant.text);
            if (await promtoolPasses(own, mutant.files)) unnoticed.push(mutant.name);
          }
        };
        await Promise.all([worker(), worker(), worker(), worker()]);
        expect(unnoticed, 'mutations the tests did not notice').toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    600_000,
  );
});
