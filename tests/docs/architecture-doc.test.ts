/**
 * docs/architecture.md is the map a new engineer reads first; it drifted (files it left out, files
 * it named after they moved). This test reads the folders and the page and fails both ways:
 * - every module of `netlify/lib/` and `netlify/functions/`, and every folder of `src/` and
 *   `src/features/`, is named on the page;
 * - every file path the page names in backticks exists — except in "Where a new thing goes", whose
 *   examples name files that do not exist yet: there a path that does not exist must be marked
 *   "(new)" right after it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** Files below `dir` (relative to the root), recursively, that are not tests. */
function modules(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((file) => statSync(path.join(root, file)).isFile())
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file));
}

function folders(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('+') && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

/** Where a path the page names may be written from: the root, or a folder the page talks inside. */
const BASES = ['', 'src', 'netlify/lib', 'netlify', 'studio', 'tests', 'docs'];

function exists(named: string): boolean {
  return BASES.some((base) => existsSync(path.join(root, base, named)));
}

/** Backticked tokens that look like a file path: a folder and a file with an extension. */
function namedPaths(text: string): string[] {
  const paths = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1] ?? '')
    .map((token) => token.replace(/[#:].*$/, ''))
    .filter((token) => /^[\w.@+-]+(\/[\w.@+-]+)+\.[a-z]{2,4}$/.test(token));
  return [...new Set(paths)];
}

const NEW_THINGS = '## Where a new thing goes';
const start = doc.indexOf(NEW_THINGS);
const end = doc.indexOf('\n## ', start + NEW_THINGS.length);
const examples = doc.slice(start, end);
const rest = doc.slice(0, start) + doc.slice(end);

describe('docs/architecture.md', () => {
  it('names every module of netlify/lib and netlify/functions', () => {
    const missing = [...modules('netlify/lib'), ...modules('netlify/functions')].filter(
      (file) => !doc.includes(path.basename(file)),
    );
    expect(missing).toEqual([]);
  });

  it('names every folder of src/ and src/features/', () => {
    const missing = [
      ...folders('src').filter((name) => !doc.includes(`src/${name}`)),
      ...folders('src/features').filter((name) => !new RegExp(`\\b${name}\\b`).test(doc)),
    ];
    expect(missing).toEqual([]);
  });

  it('names only files that exist', () => {
    expect(namedPaths(rest).filter((named) => !exists(named))).toEqual([]);
  });

  it('marks the files its examples would add as "(new)", and every other file it names exists', () => {
    const missing = namedPaths(examples).filter((named) => !exists(named) && !examples.includes(`\`${named}\` (new)`));
    expect(missing).toEqual([]);
  });

  it('finds the section of examples and paths to check', () => {
    expect(start).toBeGreaterThan(0);
    expect(namedPaths(rest).length).toBeGreaterThan(10);
  });
});
