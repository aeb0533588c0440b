/**
 * Makes the AVIF and WebP variants of our artwork with sharp, and keeps each one on disk keyed by
 * the original's content, the width, the format and the encoder settings, so that a build only
 * encodes what changed. Which variants exist, and their names, is decided in src/media/variants.ts.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isVectorOriginal, type VariantFormat, variantWidths } from '../src/media/variants.ts';

/**
 * AVIF at effort 2 encodes several times faster than the default 4, for files no larger. Quality 70
 * keeps the small low-contrast details (rice grains on a heap of red rice) that 60 blurs away.
 * Change a setting and every variant is made again.
 */
const ENCODER = {
  avif: { quality: 70, effort: 2 },
  webp: { quality: 82, effort: 4 },
} as const;

export const DEFAULT_CACHE_DIR = path.resolve('node_modules/.cache/ouo-media');

type Sharp = typeof import('sharp');
let sharpModule: Promise<Sharp> | undefined;
/** Loaded on first use: a dev server that serves no variant never pays for it. */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

/** The widths to make of one original (`file` is its path, for the extension). */
export async function widthsFor(file: string, input: Buffer): Promise<number[]> {
  if (isVectorOriginal(file)) return variantWidths(file, undefined);
  const sharp = await loadSharp();
  const { width } = await sharp(input).metadata();
  return variantWidths(file, width);
}

export async function encodeVariant(
  file: string,
  input: Buffer,
  width: number,
  format: VariantFormat,
): Promise<Buffer> {
  const sharp = await loadSharp();
  let image: import('sharp').Sharp;
  if (isVectorOriginal(file)) {
    // A drawing is rasterised at the size asked for, not drawn small and enlarged.
    const nominal = (await sharp(input).metadata()).width || width;
    image = sharp(input, { density: (72 * width) / nominal }).resize({ width });
  } else {
    image = sharp(input).resize({ width, withoutEnlargement: true });
  }
  return format === 'avif' ? image.avif(ENCODER.avif).toBuffer() : image.webp(ENCODER.webp).toBuffer();
}

/** A vector drawing as a JPEG at its own size, on white (JPEG has no transparency), for link previews. */
export async function drawSocialJpeg(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

export interface VariantCache {
  get(file: string, input: Buffer, width: number, format: VariantFormat): Promise<Buffer>;
  stats: { hits: number; encoded: number };
}

/** Variants read from `cacheDir` when there, encoded and written there when not. */
export function diskCache(cacheDir = DEFAULT_CACHE_DIR): VariantCache {
  const stats = { hits: 0, encoded: 0 };
  const settings = JSON.stringify(ENCODER);
  return {
    stats,
    async get(file, input, width, format) {
      const key = createHash('sha256')
        .update(settings)
        .update(path.extname(file))
        .update(input)
        .digest('hex')
        .slice(0, 20);
      const cached = path.join(cacheDir, `${key}-${width}.${format}`);
      const hit = await readFile(cached).catch(() => undefined);
      if (hit) {
        stats.hits += 1;
        return hit;
      }
      const output = await encodeVariant(file, input, width, format);
      stats.encoded += 1;
      await mkdir(cacheDir, { recursive: true });
      // Written aside and renamed, so a build stopped half-way never leaves a truncated variant.
      const partial = `${cached}.${process.pid}.tmp`;
      await writeFile(partial, output);
      await rename(partial, cached);
      return output;
    },
  };
}

/** Runs `tasks` at most one per CPU at a time: encoding is CPU-bound. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], limit = availableParallelism()): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
