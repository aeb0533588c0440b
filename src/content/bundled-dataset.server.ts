/**
 * The bundled dataset: `studio/seed/dataset.ndjson`, the same file editors import into Sanity.
 * Sanity's import turns each `_sanityAsset` marker — `image@file://./images/…` or
 * `file@file://./files/…` (the hero clip) — into an uploaded asset document plus a reference; we
 * do the same in memory, pointing the asset's `url` at the copy the site serves under `/media/…`,
 * so that one GROQ projection (`asset->url`) works for both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';

export type SanityDocument = { _id: string; _type: string } & Record<string, unknown>;

export const BUNDLED_MEDIA_PREFIX = '/media/';
const ASSET_PATTERN = /^(image|file)@file:\/\/\.\/(?:images|files)\/(.+)$/;

export function datasetPath(root = process.cwd()): string {
  return process.env.OUO_DATASET_PATH ?? path.join(root, 'studio', 'seed', 'dataset.ndjson');
}

export function parseNdjson(text: string): SanityDocument[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, index) => {
      try {
        return JSON.parse(line) as SanityDocument;
      } catch (error) {
        throw new Error(`dataset line ${index + 1} is not valid JSON: ${(error as Error).message}`);
      }
    });
}

type AssetKind = 'image' | 'file';

/**
 * Replaces `_sanityAsset` markers with references to synthesized `sanity.imageAsset` and
 * `sanity.fileAsset` documents. `readImage` gives an image's bytes, for its size; a file (a video)
 * is not read.
 */
export function resolveBundledAssets(
  documents: SanityDocument[],
  readImage: (file: string) => Buffer | string,
): SanityDocument[] {
  const assets = new Map<string, SanityDocument>();
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    const marker = typeof record._sanityAsset === 'string' ? ASSET_PATTERN.exec(record._sanityAsset) : null;
    const entries = Object.entries(record)
      .filter(([key]) => key !== '_sanityAsset')
      .map(([key, child]) => [key, rewrite(child)]);
    if (!marker?.[1] || !marker[2]) return Object.fromEntries(entries);
    const kind = marker[1] as AssetKind;
    const file = marker[2];
    const assetId = `${kind}-bundled-${file.replace(/[^a-zA-Z0-9]+/g, '-')}`;
    if (!assets.has(assetId)) {
      assets.set(
        assetId,
        kind === 'image' ? imageAssetDocument(assetId, file, readImage(file)) : fileAssetDocument(assetId, file),
      );
    }
    return { ...Object.fromEntries(entries), asset: { _type: 'reference', _ref: assetId } };
  };
  const rewritten = documents.map((document) => rewrite(document) as SanityDocument);
  return [...rewritten, ...assets.values()];
}

function imageAssetDocument(id: string, file: string, bytes: Buffer | string): SanityDocument {
  return {
    _id: id,
    _type: 'sanity.imageAsset',
    url: `${BUNDLED_MEDIA_PREFIX}${file}`,
    path: `images/${file}`,
    metadata: { dimensions: imageDimensions(file, bytes) },
  };
}

const FILE_TYPES: Record<string, string> = { '.webm': 'video/webm', '.mp4': 'video/mp4' };

function fileAssetDocument(id: string, file: string): SanityDocument {
  const extension = path.extname(file);
  return {
    _id: id,
    _type: 'sanity.fileAsset',
    url: `${BUNDLED_MEDIA_PREFIX}${file}`,
    path: `files/${file}`,
    extension: extension.slice(1),
    mimeType: FILE_TYPES[extension] ?? 'application/octet-stream',
  };
}

/** An image's width and height: our SVG artwork's own rule, any other format from its header. */
function imageDimensions(file: string, bytes: Buffer | string): { width: number; height: number } {
  if (file.endsWith('.svg')) return svgDimensions(bytes.toString());
  const { width, height } = imageSize(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
  return { width, height };
}

/** Width and height of our SVG artwork, from its attributes or else its viewBox. */
export function svgDimensions(svg: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(tag)?.[1]);
  const viewBox = /viewBox="[\d.\s-]*?([\d.]+)\s+([\d.]+)"/.exec(tag);
  const width = attribute('width') || Number(viewBox?.[1]) || 800;
  const height = attribute('height') || Number(viewBox?.[2]) || 800;
  return { width: Math.round(width), height: Math.round(height) };
}

let cached: { file: string; documents: SanityDocument[] } | undefined;

/** Reads and prepares the bundled dataset once per process. */
export function loadBundledDataset(root = process.cwd()): SanityDocument[] {
  const file = datasetPath(root);
  if (cached?.file === file) return cached.documents;
  const documents = resolveBundledAssets(parseNdjson(readFileSync(file, 'utf8')), (image) =>
    readFileSync(path.join(path.dirname(file), 'images', image)),
  );
  cached = { file, documents };
  return documents;
}

/** Sanity's perspectives as the site uses them: what the public sees, or the drafts an editor previews. */
export type Perspective = 'published' | 'drafts';

const DRAFT_PREFIX = 'drafts.';

/**
 * The dataset as Sanity's perspective shows it. `published`: the documents without the `drafts.`
 * ones. `drafts`: each document's draft where it has one, under the published id (the draft's own
 * id in `_originalId`, as Sanity answers), and drafts of documents never published as new ones.
 */
export function withPerspective(documents: readonly SanityDocument[], perspective: Perspective): SanityDocument[] {
  const published = documents.filter((document) => !document._id.startsWith(DRAFT_PREFIX));
  if (perspective === 'published') return published;
  const drafts = new Map(
    documents
      .filter((document) => document._id.startsWith(DRAFT_PREFIX))
      .map((draft) => {
        const id = draft._id.slice(DRAFT_PREFIX.length);
        return [id, { ...draft, _id: id, _originalId: draft._id }] as const;
      }),
  );
  const merged = published.map((document) => drafts.get(document._id) ?? document);
  const unpublished = [...drafts.values()].filter((draft) => !published.some((document) => document._id === draft._id));
  return [...merged, ...unpublished];
}

/**
 * Drafts to try the preview with offline (`npm run dev`, preview on): `drafts.ndjson` beside the
 * dataset, absent from what `sanity dataset import` loads. A real project has its own drafts.
 * Their asset markers resolve as the dataset's do (to the same asset documents, by file).
 */
export function loadBundledDrafts(root = process.cwd()): SanityDocument[] {
  const file = path.join(path.dirname(datasetPath(root)), 'drafts.ndjson');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return resolveBundledAssets(parseNdjson(text), (image) =>
    readFileSync(path.join(path.dirname(file), 'images', image)),
  );
}
