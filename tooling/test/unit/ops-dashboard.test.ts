import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The example Grafana dashboard (tooling/ops) only charts series the kernel exports. */
const root = path.resolve(import.meta.dirname, '../../..');
const dashboard = JSON.parse(readFileSync(path.join(root, 'tooling/ops/grafana-dashboard.json'), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
const service = readFileSync(path.join(root, 'core/server/src/metrics/metrics.service.ts'), 'utf8');

describe('Grafana dashboard example', () => {
  it('every atende_* series it queries is defined by MetricsService', () => {
    const used = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/atende_[a-z_]+/g) ?? [])));
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) {
      const base = name.replace(/_(bucket|count|sum)$/, '');
      expect(service, name).toContain(`'${base}'`);
    }
  });
});
