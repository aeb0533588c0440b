// @ts-check
// The shop core in folders by domain (issue 49, point 3; docs/architecture.md, "The shop core's
// folders"). Run from the repository's root, on a clean tree:
//
//   node scripts/codemods/shop-folders.mjs
//
// 1. `git mv` each file of the mapping below (and its `.test.ts` beside it) into its folder; a file
//    the mapping names that is not there is skipped, a top-level file it does not name stays where it
//    is and is printed, and `src/shop/texts/` (the texts' own home) is left alone.
// 2. Rewrites every module specifier in the repository that reaches `src/shop` — imports, exports,
//    `import()` (in code and in JSDoc types), `import('…').T` types and `vi.mock`-style paths —
//    found with the TypeScript parser, never by a regular expression over code. From outside a
//    folder an import goes through the folder's `index.ts`; a `vi.mock` path names the file itself
//    (a mock replaces a module, and the index re-exports the mocked one).
// 3. Writes each folder's `index.ts`: only the names something outside the folder imports, types as
//    `export type` (what `verbatimModuleSyntax` asks, and what Biome's cycle check leaves out).
// 4. Writes the Biome rule that keeps it so (biome.json, `noRestrictedImports`), generated from the
//    folders that exist: a folder of the core is imported only through its index, from anywhere
//    outside it; `src/shop/texts/*.ts` that something outside imports are entries of their own.
// 5. Rewrites the paths that comments and docs name (`src/shop/cart.ts` → `src/shop/cart/cart.ts`).
// 6. Formats what it wrote with Biome (imports sorted, lines wrapped) so a second run changes nothing.
//
// Idempotent: on a tree it has already run on, nothing moves and every file it would write is the
// same as the one there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Each folder and the files it holds (their `.test.ts` move with them). Read from each file's job:
 * the folders depend on each other one way at run time (money ← catalogue ← cart ← order, pincodes
 * ← cod ← parcel, money and pincodes ← invoice; schemas and the order engine on top), so their
 * indexes make no import cycle; the type-only imports that go back (an order record holds an
 * invoice) vanish at compile time and Biome's `noImportCycles` leaves them out.
 * @type {Record<string, string[]>}
 */
export const FOLDERS = {
  // Money and prices: paise and rupees, discounts, the dated GST rate of an HSN, an amount in words.
  money: ['money.ts', 'tax-rates.ts', 'amount-in-words.ts'],
  // The products and their variants, prices after discount, and their reviews' stars and average.
  catalogue: ['catalogue.ts', 'reviews.ts'],
  cart: ['cart.ts'],
  // The order: its pricing and id, shipping and the COD charge, the stored record and its states,
  // refunds, the Sheet tab its rows live in.
  order: ['order.ts', 'shipping.ts', 'order-record.ts', 'refunds.ts', 'sheet-tab.ts'],
  // Cash on delivery: the COD state, the advance, the rules that decide COD and their address checks.
  cod: ['cod.ts', 'cod-advance.ts', 'cod-rules.ts', 'address-checks.ts'],
  parcel: ['parcel.ts', 'shipment.ts', 'pickup.ts', 'tracking.ts'],
  // The GST tax invoice and credit note, their numbers, place of supply and settings, the GSTIN and
  // the GST States, the month's GST report and its tables.
  invoice: [
    'invoice.ts',
    'invoice-numbers.ts',
    'invoice-place.ts',
    'invoice-settings.ts',
    'gst-report.ts',
    'gst-report-tables.ts',
    'gst-states.ts',
    'gstin.ts',
  ],
  returns: ['returns-report.ts'],
  pincodes: ['pincode-states.ts', 'deliverability.ts'],
  // Every zod schema of a form, an `/api` body or answer; nothing else imports zod in the core.
  schemas: [
    'schemas.ts',
    'form-schemas.ts',
    'order-schemas.ts',
    'order-view-schemas.ts',
    'staff-schemas.ts',
    'submission-schemas.ts',
    'dev-whatsapp-schemas.ts',
  ],
};

/** Folders that exist already and keep their files: they get an index. */
const EXISTING_FOLDERS = ['order-engine'];

/** Folders with entry points of their own (each file is imported alone): left alone, no index. */
const LEFT_ALONE = ['texts'];

/**
 * What stays at the top of src/shop, and why: small rules every folder uses, with no domain.
 * @type {Record<string, string>}
 */
export const TOP = {
  'text.ts': 'what every text field means (cleaning, cutting): forms, GSTINs and texts use it',
  'phone.ts': 'the one phone rule: checkout, /track, COD calls and the schemas',
  'dates.ts': "the shop's calendar (India's day): the Sheet tab, the returns report, reviews",
  'fill-in.ts': "an editor's {placeholder} texts: pages of every domain",
  'vocabulary.ts': 'the closed lists; the Studio (its own package) imports this file by its path',
  'whatsapp.ts': "the shop's WhatsApp: the chat link in every page's shell, the consent an order keeps",
  'error-codes.ts': 'the API error codes: the server platform imports them and nothing else of src/',
  'request-issue.ts': 'what a refused request says: the schemas and the server platform',
  // The texts, until they move into texts/ (issue 49 point 2).
  'messages.ts': 'the texts (moving to texts/)',
  'cancel-texts.ts': 'the texts (moving to texts/)',
  'cod-texts.ts': 'the texts (moving to texts/)',
  'gstin-texts.ts': 'the texts (moving to texts/)',
  'invoice-texts.ts': 'the texts (moving to texts/)',
  'staff-texts.ts': 'the texts (moving to texts/)',
  'whatsapp-texts.ts': 'the texts (moving to texts/)',
};

const SHOP = 'src/shop';
const CODE_FILE = /\.(ts|tsx|mts|cts|mjs|js|cjs)$/;
const TEXT_FILE = /\.(ts|tsx|mts|cts|mjs|js|cjs|md|json|jsonc|toml|ya?ml)$/;
const TEST_FILE = /\.test\.tsx?$/;
/** The message of the Biome groups this script writes: how it finds them again on the next run. */
export const RULE_MESSAGE =
  'A folder of the shop core is imported through its index.ts from outside it (texts/: each entry file); the index exports what others use (docs/architecture.md, "The shop core\'s folders").';

/**
 * Biome's order for named imports and exports (what `organizeImports` writes): letter by letter
 * ignoring case, an upper-case letter before the same letter in lower case.
 * @param {string} a
 * @param {string} b
 */
export function biomeOrder(a, b) {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x === y) continue;
    const lx = x.toLowerCase();
    const ly = y.toLowerCase();
    if (lx !== ly) return lx < ly ? -1 : 1;
    return x === x.toUpperCase() ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * The folder of the core a path (relative to the root, `/`-separated) is in: `cart` for
 * `src/shop/cart/cart.ts`, `''` for a top-level file of the core, undefined outside the core.
 * @param {string} file
 */
export function shopFolderOf(file) {
  if (!file.startsWith(`${SHOP}/`)) return undefined;
  const rest = file.slice(SHOP.length + 1).split('/');
  return rest.length > 1 ? rest[0] : '';
}

/**
 * The specifier an importer writes for a target file, in the style the old one was written: the
 * `#shop/` alias stays the alias; a relative one stays relative; an extension stays.
 * @param {string} importer the importing file, relative to the root
 * @param {string} target the file imported, relative to the root
 * @param {string} old the specifier written today
 */
export function specifierFor(importer, target, old) {
  const withExtension = /\.(ts|tsx|mts|js|mjs)$/.test(old);
  let spec;
  if (old.startsWith('#shop/')) {
    spec = `#shop/${path.posix.relative(SHOP, target)}`;
  } else {
    spec = path.posix.relative(path.posix.dirname(importer), target);
    if (!spec.startsWith('.')) spec = `./${spec}`;
    // Three climbs or more to test support is written with its alias (docs/platform.md, "Import aliases").
    if (spec.startsWith('../../../') && target.startsWith('tests/')) spec = `#${target}`;
  }
  if (!withExtension) spec = spec.replace(/\/index\.ts$/, '').replace(/\.ts$/, '');
  return spec;
}

/**
 * An index's text: one `export { … } from` per file, then one `export type { … }`, in Biome's order.
 * @param {Map<string, { values: Set<string>, types: Set<string> }>} byFile names per file of the folder
 */
export function renderIndex(byFile) {
  const lines = [
    "// This folder's public face: only the names used outside it. Anything outside the folder imports",
    '// through here (docs/architecture.md, "The shop core\'s folders"). Written by',
    '// scripts/codemods/shop-folders.mjs: run it again when what others use changes.',
  ];
  /** @type {string[]} */
  const exports = [];
  for (const [file, { values, types }] of byFile) {
    const spec = `./${file}`;
    if (values.size > 0) exports.push(`export { ${[...values].sort(biomeOrder).join(', ')} } from '${spec}';`);
    if (types.size > 0) exports.push(`export type { ${[...types].sort(biomeOrder).join(', ')} } from '${spec}';`);
  }
  return `${[...lines, ...exports].join('\n')}\n`;
}

/**
 * The Biome groups that keep the indexes: `outside` for a file outside the core, `inside` for one
 * in it (its specifiers are relative: `./cart/…` from the top, `../cart/…` from a folder).
 * @param {string[]} textsInternals files of texts/ nothing outside it imports
 * @param {string[]} [leftAloneSubfolders] the subfolders of the left-alone folders (texts/shared, texts/hi)
 */
export function shopIndexGroups(textsInternals, leftAloneSubfolders = []) {
  const outside = ['**/shop/*/**', '#shop/*/**', '!**/shop/*/index.ts', '!#shop/*/index.ts'];
  // `!../../**`: from a folder, two climbs leave the core (test support); other rules guard that.
  const inside = ['./*/**', '../*/**', '!./*/index.ts', '!../*/index.ts', '!../../**'];
  for (const folder of LEFT_ALONE) {
    outside.push(`!**/shop/${folder}/*.ts`, `!#shop/${folder}/*.ts`);
    inside.push(`!./${folder}/*.ts`, `!../${folder}/*.ts`);
  }
  // A left-alone folder's own subfolders (texts/shared/, texts/hi/) are read by its files as
  // `./shared/…` and `../shared/…`: the same pattern as another folder of the core, not one.
  for (const sub of leftAloneSubfolders) inside.push(`!./${sub}/**`, `!../${sub}/**`);
  for (const file of textsInternals) {
    outside.push(`**/shop/texts/${file}`, `#shop/texts/${file}`);
    inside.push(`./texts/${file}`, `../texts/${file}`);
  }
  return {
    outside: { group: outside, message: RULE_MESSAGE },
    inside: { group: inside, message: RULE_MESSAGE },
  };
}

/**
 * biome.json with the groups in every `noRestrictedImports` (an override's options replace the
 * top level's, so each override carries them too) and at the top level for every other file.
 * @param {any} config biome.json, parsed
 * @param {ReturnType<typeof shopIndexGroups>} groups
 */
export function withShopRule(config, groups) {
  /** @param {any} rules @param {{ group: string[], message: string }} group */
  const add = (rules, group) => {
    rules.style ??= {};
    rules.style.noRestrictedImports ??= { level: 'error', options: {} };
    const rule = rules.style.noRestrictedImports;
    rule.options ??= {};
    const kept = (rule.options.patterns ?? []).filter(
      (/** @type {{ message?: string }} */ pattern) => pattern.message !== RULE_MESSAGE,
    );
    rule.options.patterns = [...kept, group];
  };
  config.linter.rules ??= {};
  add(config.linter.rules, groups.outside);
  for (const override of config.overrides ?? []) {
    const rules = override.linter?.rules;
    if (!rules?.style?.noRestrictedImports) continue;
    const inShop = (override.includes ?? []).every((/** @type {string} */ glob) => glob.startsWith(`${SHOP}/`));
    add(rules, inShop ? groups.inside : groups.outside);
  }
  return config;
}

/**
 * Rewrites the paths of moved files that text names (`src/shop/cart.ts`, `#shop/cart.ts`).
 * @param {string} text
 * @param {Map<string, string>} moves old path → new path, relative to the root
 */
export function rewriteMentions(text, moves) {
  let out = text;
  for (const [from, to] of moves) {
    const name = from.slice(SHOP.length + 1);
    const moved = to.slice(SHOP.length + 1);
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(^|[^\\w/.-])(src/shop/|#shop/)${escaped}(?![\\w-])`, 'g'), `$1$2${moved}`);
  }
  return out;
}

// --- The run (needs the repository: git, the files, Biome) ---

/** @param {string[]} args */
function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' });
}

/** @param {string} file */
function isFile(file) {
  return existsSync(file) && statSync(file).isFile();
}

/**
 * A module specifier found in a file.
 * @typedef {{
 *   start: number, end: number, spec: string,
 *   kind: 'import' | 'mock',
 *   names: { name: string, type: boolean }[] | 'all',
 * }} Found
 */

/** @param {string} file @param {string} text @returns {Found[]} */
function specifiersIn(file, text) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.(m|c)?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  /** @type {Found[]} */
  const found = [];
  /** @param {ts.Node} literal @param {Found['kind']} foundKind @param {Found['names']} names */
  const push = (literal, foundKind, names) => {
    if (!ts.isStringLiteralLike(literal)) return;
    found.push({
      start: literal.getStart(source) + 1,
      end: literal.getEnd() - 1,
      spec: literal.text,
      kind: foundKind,
      names,
    });
  };
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      /** @type {Found['names']} */
      let names = [];
      if (clause) {
        const typeOnly = clause.isTypeOnly;
        if (clause.name) names.push({ name: 'default', type: typeOnly });
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names = 'all';
        else if (bindings)
          for (const element of bindings.elements)
            names.push({ name: (element.propertyName ?? element.name).text, type: typeOnly || element.isTypeOnly });
      }
      push(node.moduleSpecifier, 'import', names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause;
      /** @type {Found['names']} */
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((element) => ({
              name: (element.propertyName ?? element.name).text,
              type: node.isTypeOnly || element.isTypeOnly,
            }))
          : 'all';
      push(node.moduleSpecifier, 'import', names);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const [first] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first) push(first, 'import', 'all');
      else if (
        first &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'vi' &&
        ['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock'].includes(node.expression.name.text)
      )
        push(first, 'mock', 'all');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const qualifier = node.qualifier;
      /** @type {ts.EntityName | undefined} */
      let head = qualifier;
      while (head && ts.isQualifiedName(head)) head = head.left;
      push(node.argument.literal, 'import', head ? [{ name: head.text, type: true }] : 'all');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // JSDoc types of the JavaScript files (`@param {import('#shop/parcel/index.ts').Parcel}`): comments are
  // not in the tree, so `import('…')` is read from the comments' text the scanner finds.
  const seen = new Set(found.map((entry) => entry.start));
  /** @type {[number, number][]} */
  const comments = [];
  ts.forEachChild(source, function collect(node) {
    for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [])
      comments.push([range.pos, range.end]);
    ts.forEachChild(node, collect);
  });
  const done = new Set();
  for (const [pos, end] of comments) {
    if (done.has(pos)) continue;
    done.add(pos);
    const comment = text.slice(pos, end);
    for (const match of comment.matchAll(/import\(\s*(['"])([^'"\n]+)\1\s*\)(?:\.([A-Za-z_$][\w$]*))?/g)) {
      const start = pos + (match.index ?? 0) + match[0].indexOf(match[2] ?? '');
      if (seen.has(start)) continue;
      seen.add(start);
      const spec = match[2] ?? '';
      found.push({
        start,
        end: start + spec.length,
        spec,
        kind: 'import',
        names: match[3] ? [{ name: match[3], type: true }] : 'all',
      });
    }
  }
  return found;
}

/**
 * The names a file exports: each with whether it is declared here (not passed on) and whether it
 * is a type only. `export *` from a file beside it counts that file's names as passed on.
 * @param {string} file relative to the root
 * @param {Set<string>} [visiting]
 * @returns {Map<string, { declared: boolean, type: boolean }>}
 */
function exportsOf(file, visiting = new Set()) {
  /** @type {Map<string, { declared: boolean, type: boolean }>} */
  const names = new Map();
  if (visiting.has(file) || !isFile(file)) return names;
  visiting.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  /** @param {ts.Node} node */
  const exported = (node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? path.posix.join(path.posix.dirname(file), statement.moduleSpecifier.text)
          : undefined;
      if (!clause && from) {
        for (const [name, entry] of exportsOf(from, visiting))
          if (!names.has(name)) names.set(name, { ...entry, declared: false });
      } else if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          const type = statement.isTypeOnly || element.isTypeOnly;
          names.set(element.name.text, { declared: !from, type });
        }
      }
    } else if (exported(statement)) {
      const type = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name)) names.set(declaration.name.text, { declared: true, type: false });
      } else if ('name' in statement && statement.name && ts.isIdentifier(/** @type {ts.Node} */ (statement.name))) {
        const name = /** @type {ts.Identifier} */ (statement.name).text;
        const before = names.get(name);
        names.set(name, { declared: true, type: type && (before?.type ?? true) });
      }
    }
  }
  return names;
}

function main() {
  const root = git('rev-parse', '--show-toplevel').trim();
  process.chdir(root);
  const folders = [...Object.keys(FOLDERS), ...EXISTING_FOLDERS.filter((folder) => existsSync(`${SHOP}/${folder}`))];

  // 1. Moves.
  /** @type {Map<string, string>} old path → new path */
  const moves = new Map();
  const mapped = new Set(Object.values(FOLDERS).flat());
  for (const [folder, files] of Object.entries(FOLDERS)) {
    for (const file of files) {
      const base = file.replace(/\.ts$/, '');
      for (const name of [file, `${base}.test.ts`, `${base}.test.tsx`]) {
        const from = `${SHOP}/${name}`;
        const to = `${SHOP}/${folder}/${name}`;
        if (!isFile(from)) {
          if (name === file && !isFile(to)) console.log(`skipped: ${from} is not there`);
          continue;
        }
        mkdirSync(`${SHOP}/${folder}`, { recursive: true });
        git('mv', from, to);
        moves.set(from, to);
      }
    }
  }
  for (const entry of readdirSync(SHOP, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!folders.includes(entry.name) && !LEFT_ALONE.includes(entry.name))
        console.log(`left alone: ${SHOP}/${entry.name}/ (a folder this codemod does not know)`);
      continue;
    }
    if (TEST_FILE.test(entry.name) || !CODE_FILE.test(entry.name) || mapped.has(entry.name)) continue;
    if (!(entry.name in TOP)) console.log(`stays at the top, not in the mapping: ${SHOP}/${entry.name}`);
  }
  const movedFrom = new Map([...moves].map(([from, to]) => [to, from]));

  // 2. Specifiers.
  const files = git('ls-files', '-co', '--exclude-standard')
    .split('\n')
    .filter(
      (file) => CODE_FILE.test(file) && !file.startsWith('build/') && !file.includes('node_modules/') && isFile(file),
    );
  /** @type {Map<string, Map<string, boolean>>} folder → name → used as a value somewhere */
  const used = new Map(folders.map((folder) => [folder, new Map()]));
  /** @type {Map<string, string>} folder/name → the file the importer named, when it named one */
  const namedFile = new Map();
  /** @type {Map<string, string | undefined>} every file written, with its text before the run */
  const touched = new Map();
  /** @param {string} file @param {string} text */
  const write = (file, text) => {
    if (!touched.has(file)) touched.set(file, isFile(file) ? readFileSync(file, 'utf8') : undefined);
    writeFileSync(file, text);
  };
  /**
   * Where a specifier leads, read from where the importer was before this run (its specifiers were
   * written from there) and, on a second run, from where it is.
   * @param {string} spec @param {string} file
   */
  const resolve = (spec, file) => {
    const bases = [movedFrom.get(file) ?? file, file];
    for (const from of bases) {
      let candidate;
      if (spec.startsWith('#shop/')) candidate = path.posix.join(SHOP, spec.slice('#shop/'.length));
      else if (spec.startsWith('.')) candidate = path.posix.join(path.posix.dirname(from), spec);
      else return undefined;
      for (const tried of [candidate, `${candidate}.ts`, `${candidate}.tsx`, `${candidate}/index.ts`]) {
        if (!tried.startsWith(SHOP) && tried !== candidate) continue;
        if (moves.has(tried)) return /** @type {string} */ (moves.get(tried));
        if (isFile(tried)) return tried;
      }
    }
    return undefined;
  };
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (shopFolderOf(file) === undefined && !text.includes('shop')) continue;
    const edits = [];
    const importerFolder = shopFolderOf(file);
    for (const found of specifiersIn(file, text)) {
      const target = resolve(found.spec, file);
      if (!target) continue;
      if (shopFolderOf(target) === undefined) {
        // A moved file's imports of the rest of the repository climb one folder more.
        if (!movedFrom.has(file) || !found.spec.startsWith('.')) continue;
        const spec = specifierFor(file, target, found.spec);
        if (spec !== found.spec) edits.push({ ...found, spec });
        continue;
      }
      const folder = /** @type {string} */ (shopFolderOf(target));
      let final = target;
      if (found.kind === 'import' && folders.includes(folder) && folder !== importerFolder) {
        final = `${SHOP}/${folder}/index.ts`;
        const usage = /** @type {Map<string, boolean>} */ (used.get(folder));
        const names =
          found.names === 'all'
            ? [...exportsOf(target)].map(([name, entry]) => ({ name, type: entry.type }))
            : found.names;
        for (const { name, type } of names) {
          usage.set(name, (usage.get(name) ?? false) || !type);
          if (!target.endsWith('/index.ts')) namedFile.set(`${folder}/${name}`, target);
        }
      }
      const spec = specifierFor(file, final, found.spec);
      if (spec !== found.spec) edits.push({ ...found, spec });
    }
    if (edits.length === 0) continue;
    let out = text;
    for (const edit of edits.sort((a, b) => b.start - a.start))
      out = out.slice(0, edit.start) + edit.spec + out.slice(edit.end);
    write(file, out);
  }

  // 3. Indexes.
  for (const folder of folders) {
    const dir = `${SHOP}/${folder}`;
    const own = readdirSync(dir)
      .filter((name) => /\.tsx?$/.test(name) && !TEST_FILE.test(name) && name !== 'index.ts')
      .sort();
    const exported = new Map(own.map((name) => [name, exportsOf(`${dir}/${name}`)]));
    /** @type {Map<string, { values: Set<string>, types: Set<string> }>} */
    const byFile = new Map();
    for (const [name, asValue] of [...(used.get(folder) ?? new Map())].sort(([a], [b]) => biomeOrder(a, b))) {
      const named = namedFile.get(`${folder}/${name}`);
      const declaring = own.filter((file) => exported.get(file)?.get(name)?.declared);
      const passing = own.filter((file) => exported.get(file)?.has(name));
      const from =
        declaring.length === 1
          ? declaring[0]
          : (declaring.find((file) => `${dir}/${file}` === named) ?? declaring[0] ?? passing[0]);
      if (!from) {
        console.log(`not found: ${name}, imported from ${dir}/ — no file of the folder exports it`);
        continue;
      }
      if (declaring.length > 1) console.log(`two files of ${dir}/ declare ${name}: the index takes ${from}`);
      const entry = exported.get(from)?.get(name);
      const type = !asValue || (entry?.type ?? false);
      const lists = byFile.get(from) ?? { values: new Set(), types: new Set() };
      byFile.set(from, lists);
      (type ? lists.types : lists.values).add(name);
    }
    const index = `${dir}/index.ts`;
    const sorted = new Map([...byFile].sort(([a], [b]) => (a < b ? -1 : 1)));
    const text = renderIndex(sorted);
    if (!isFile(index) || readFileSync(index, 'utf8') !== text) write(index, text);
  }

  // 4. The Biome rule.
  const texts = `${SHOP}/texts`;
  /** @type {string[]} */
  let textsInternals = [];
  if (existsSync(texts)) {
    const reached = new Set();
    for (const file of files) {
      if (file.startsWith(`${texts}/`) || !isFile(file)) continue;
      for (const found of specifiersIn(file, readFileSync(file, 'utf8'))) {
        const target = resolve(found.spec, file);
        if (target?.startsWith(`${texts}/`)) reached.add(path.posix.basename(target));
      }
    }
    textsInternals = readdirSync(texts)
      .filter((name) => /\.tsx?$/.test(name) && !TEST_FILE.test(name) && name !== 'index.ts' && !reached.has(name))
      .sort();
  }
  const biomeText = readFileSync('biome.json', 'utf8');
  const leftAloneSubfolders = LEFT_ALONE.flatMap((folder) =>
    existsSync(`${SHOP}/${folder}`)
      ? readdirSync(`${SHOP}/${folder}`, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
      : [],
  ).sort();
  const biome = withShopRule(JSON.parse(biomeText), shopIndexGroups(textsInternals, leftAloneSubfolders));
  if (JSON.stringify(biome) !== JSON.stringify(JSON.parse(biomeText)))
    write('biome.json', `${JSON.stringify(biome, null, 2)}\n`);

  // 5. Paths named in comments and docs.
  /** @type {Map<string, string>} every file in a folder, by the path it had at the top */
  const mentions = new Map();
  for (const [folder, names] of Object.entries(FOLDERS))
    for (const name of names) {
      const base = name.replace(/\.ts$/, '');
      for (const each of [name, `${base}.test.ts`, `${base}.test.tsx`])
        if (isFile(`${SHOP}/${folder}/${each}`)) mentions.set(`${SHOP}/${each}`, `${SHOP}/${folder}/${each}`);
    }
  for (const file of git('ls-files', '-co', '--exclude-standard').split('\n')) {
    if (!TEXT_FILE.test(file) || file === 'package-lock.json' || file.includes('node_modules/') || !isFile(file))
      continue;
    if (file === 'scripts/codemods/shop-folders.mjs' || file === 'scripts/codemods/shop-folders.test.ts') continue;
    const text = readFileSync(file, 'utf8');
    const out = rewriteMentions(text, mentions);
    if (out !== text) write(file, out);
  }

  // 6. Formatting: Biome sorts the rewritten imports and wraps the indexes as `biome check` wants.
  const formatted = [...touched.keys()].filter((file) => /\.(ts|tsx|mts|mjs|js|json)$/.test(file) && isFile(file));
  if (formatted.length > 0) {
    execFileSync(
      'npx',
      ['biome', 'check', '--write', '--linter-enabled=false', '--files-ignore-unknown=true', ...formatted],
      { stdio: 'inherit' },
    );
  }
  const changedFiles = [...touched].filter(([file, before]) => !isFile(file) || readFileSync(file, 'utf8') !== before);
  console.log(`moved ${moves.size} files; rewrote ${changedFiles.length} files`);
  console.log('stays at the top of src/shop:');
  for (const [file, why] of Object.entries(TOP)) if (isFile(`${SHOP}/${file}`)) console.log(`  ${file}: ${why}`);
}

if (import.meta.main) main();
