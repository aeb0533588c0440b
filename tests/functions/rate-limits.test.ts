/**
 * One source for the rate limits: each function's own `config.rateLimit`. It has to stay in the
 * function — Netlify reads `config` from the source without running it, so it cannot come from an
 * import — and the README's table and docs/shop-rules.md §9 are held to it here: every function is
 * listed in both, with the limit its config sets (or "—" where it sets none), and nothing else is.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@netlify/functions';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const functionsDir = path.join(root, 'netlify/functions');
const names = (await readdir(functionsDir))
  .filter((file) => file.endsWith('.mts'))
  .map((file) => file.replace(/\.mts$/, ''))
  .sort();

const configs = new Map<string, Config>(
  await Promise.all(
    names.map(
      async (name) =>
        [name, ((await import(path.join(functionsDir, `${name}.mts`))) as { config: Config }).config] as const,
    ),
  ),
);

/** A function's limit per minute, or '—' when its config sets none. */
function limitOf(config: Config): string {
  const limit = config.rateLimit;
  if (!limit) return '—';
  expect(limit.windowSize, 'every limit counts a minute').toBe(60);
  expect(limit.aggregateBy, 'every limit is per IP and domain').toEqual(['ip', 'domain']);
  return String(limit.windowLimit);
}

/** How the README's table names a function: its paths (parameters as `{name}`), or its own name. */
function addressesOf(name: string, config: Config): string[] {
  const paths = [config.path ?? []].flat().map((p) => p.replace(/:(\w+)/g, '{$1}'));
  return paths.length > 0 ? paths : [name];
}

async function readmeRows(): Promise<{ address: string; limit: string }[]> {
  const readme = await readFile(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('### Rate limits'),
    readme.indexOf('\n## ', readme.indexOf('### Rate limits')),
  );
  return [...section.matchAll(/^\| `([^|]+)` \| (\S+) \|/gm)].map((match) => ({
    address: (match[1] ?? '').replace(/`/g, '').replace(/\?.*$/, ''),
    limit: match[2] ?? '',
  }));
}

describe('rate limits', () => {
  it('README lists every function once, with the limit its config sets', async () => {
    const rows = await readmeRows();
    for (const [name, config] of configs) {
      const matching = rows.filter((row) => addressesOf(name, config).some((address) => row.address.endsWith(address)));
      expect(matching, `README row for ${name}`).toHaveLength(1);
      expect(matching[0]?.limit, `README limit for ${name}`).toBe(limitOf(config));
    }
    expect(rows).toHaveLength(configs.size);
  });

  it('docs/shop-rules.md §9 lists the same limits', async () => {
    const rules = await readFile(path.join(root, 'docs/shop-rules.md'), 'utf8');
    const sentence = /Rate limits per IP[\s\S]*?\n\n/.exec(rules)?.[0] ?? '';
    const listed = new Map([...sentence.matchAll(/([a-z-]+) (\d+|—)/g)].map((match) => [match[1], match[2]]));
    for (const [name, config] of configs) {
      expect(listed.get(name), `shop-rules limit for ${name}`).toBe(limitOf(config));
    }
  });
});
