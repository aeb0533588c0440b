/**
 * Our own media under `/media/**`: the bundled dataset's images (`studio/seed/images/**`) and files
 * (`studio/seed/files/**`: the hero clip), so the site and a Sanity import use the same files.
 *
 * - In development it serves the dataset's images, and makes each AVIF/WebP variant the first
 *   time a page asks for it (kept in memory and in the disk cache).
 * - In the client build it copies the dataset's images and emits every variant. Encoding starts
 *   with the build and runs beside the bundling; the disk cache (`node_modules/.cache/ouo-media`)
 *   means a build encodes only what changed.
 *
 * Which variants exist and what they are called is src/media/variants.ts's rule alone.
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger, Plugin } from 'vite';
import {
  hasVariants,
  isVectorOriginal,
  parseSocialImagePath,
  parseVariantPath,
  socialImagePath,
  VARIANT_FORMATS,
  VARIANT_MIME_TYPES,
  variantPath,
} from '../src/media/variants.ts';
import { DEFAULT_CACHE_DIR, diskCache, drawSocialJpeg, inParallel, widthsFor } from './image-variants.ts';

const PREFIX = '/media/';
const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};
const ORIGINAL_EXTENSIONS = ['.svg', '.png', '.jpg', '.jpeg'];

export interface MediaFolder {
  /** Served at `/media/`, and copied into the build there. */
  dir: string;
}

export interface BundledMediaOptions {
  folders?: MediaFolder[];
  cacheDir?: string;
}

type Emitted = { fileName: string; source: Buffer };

function listFiles(dir: string, base = dir): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** `relative` inside `dir`, or undefined when it would step outside. */
function inside(dir: string, relative: string): string | undefined {
  const file = path.resolve(dir, relative);
  return file.startsWith(dir + path.sep) ? file : undefined;
}

export function bundledMedia({
  folders = [{ dir: path.resolve('studio/seed/images') }, { dir: path.resolve('studio/seed/files') }],
  cacheDir = DEFAULT_CACHE_DIR,
}: BundledMediaOptions = {}): Plugin {
  const cache = diskCache(cacheDir);
  let logger: Logger | undefined;
  let command: 'build' | 'serve' = 'serve';
  let pending: Promise<Emitted[]> | undefined;

  /** The original a variant is made from: same folder and name, one of the original extensions. */
  async function findOriginal(stem: string): Promise<{ file: string; relative: string } | undefined> {
    for (const { dir } of folders) {
      for (const extension of ORIGINAL_EXTENSIONS) {
        const relative = `${stem}${extension}`;
        const file = inside(dir, relative);
        if (file && statSync(file, { throwIfNoEntry: false })?.isFile()) return { file, relative };
      }
    }
    return undefined;
  }

  async function allVariants(): Promise<Emitted[]> {
    const started = performance.now();
    const names = new Map<string, string>();
    const tasks: (() => Promise<Emitted>)[] = [];
    for (const { dir } of folders) {
      for (const relative of listFiles(dir).filter(hasVariants)) {
        const input = await readFile(path.join(dir, relative));
        for (const width of await widthsFor(relative, input)) {
          for (const format of VARIANT_FORMATS) {
            const fileName = `media/${variantPath(relative, width, format)}`;
            const clash = names.get(fileName);
            if (clash) throw new Error(`${clash} and ${relative} would both make ${fileName}: rename one of them`);
            names.set(fileName, relative);
            tasks.push(async () => ({ fileName, source: await cache.get(relative, input, width, format) }));
          }
        }
      }
    }
    for (const { dir } of folders) {
      for (const relative of listFiles(dir).filter(isVectorOriginal)) {
        const fileName = `media/${socialImagePath(relative)}`;
        tasks.push(async () => ({ fileName, source: await drawSocialJpeg(await readFile(path.join(dir, relative))) }));
      }
    }
    const before = { ...cache.stats };
    const emitted = await inParallel(tasks);
    const encoded = cache.stats.encoded - before.encoded;
    logger?.info(
      `media: ${emitted.length} image variants (${encoded} encoded, ${emitted.length - encoded} from ${path.relative(process.cwd(), cacheDir)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return emitted;
  }

  const memory = new Map<string, Promise<Buffer>>();

  return {
    name: 'ouo:bundled-media',
    configResolved(config) {
      logger = config.logger;
      command = config.command;
    },
    configureServer(server) {
      server.middlewares.use(PREFIX, async (req, res, next) => {
        try {
          const relative = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
          const socialStem = parseSocialImagePath(relative);
          const drawing = socialStem ? await findOriginal(socialStem) : undefined;
          if (drawing && isVectorOriginal(drawing.file)) {
            res.setHeader('Content-Type', 'image/jpeg');
            return res.end(await drawSocialJpeg(await readFile(drawing.file)));
          }
          const variant = parseVariantPath(relative);
          if (variant) {
            const original = await findOriginal(variant.stem);
            if (!original) return next();
            const { mtimeMs } = statSync(original.file);
            const key = `${relative}@${mtimeMs}`;
            let body = memory.get(key);
            if (!body) {
              body = (async () => {
                const input = await readFile(original.file);
                const widths = await widthsFor(original.relative, input);
                // Only the variants a build would make, so a page that works here works deployed.
                if (!widths.includes(variant.width)) throw new Error(`no ${variant.width}w variant`);
                return cache.get(original.relative, input, variant.width, variant.format);
              })();
              memory.set(key, body);
            }
            const bytes = await body.catch(() => undefined);
            if (!bytes) return next();
            res.setHeader('Content-Type', VARIANT_MIME_TYPES[variant.format]);
            res.setHeader('Cache-Control', 'no-cache');
            return res.end(bytes);
          }
          for (const { dir } of folders) {
            const file = inside(dir, relative);
            if (!file || !statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
            res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
            return res.end(await readFile(file));
          }
          next();
        } catch (error) {
          next(error);
        }
      });
    },
    buildStart() {
      // Not in dev servers, including the one React Router starts inside every build to read routes.
      if (command !== 'build' || this.environment.name !== 'client') return;
      // Started now, awaited when the bundle is written: encoding overlaps the JavaScript build.
      pending = allVariants();
      pending.catch(() => undefined);
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return;
      for (const { dir } of folders) {
        for (const relative of listFiles(dir)) {
          this.emitFile({
            type: 'asset',
            fileName: `media/${relative}`,
            source: await readFile(path.join(dir, relative)),
          });
        }
      }
      for (const { fileName, source } of (await pending) ?? []) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
