/**
 * Click-to-edit in the preview (issue 16; docs/content-model.md "Preview"): while an editor
 * previews drafts, each editable text carries its source — document, type and field — as invisible
 * characters (Sanity's "stega" encoding). `@sanity/visual-editing` finds them in the page and draws
 * an outline that opens that field in the Studio. The published site never carries them.
 *
 * With a Sanity project the client encodes each answer from its Content Source Map. The bundled
 * dataset has no source maps, so its documents are encoded whole, each string pointing at its own
 * document and path, before the query runs: the same encoder and edit links as the client's.
 *
 * Both use one rule for which strings stay plain: Sanity's defaults (ids, slugs, URLs, dates, keys,
 * icons, types) and the fields the site compares, joins on or validates exactly (PLAIN_FIELDS).
 */
import type { ContentSourceMap, InitializedStegaConfig, StegaConfig } from '@sanity/client';
import { stegaEncodeSourceMap } from '@sanity/client/stega';
import type { SanityDocument } from './bundled-dataset.server.ts';

/** The Studio the "Open in Studio" links lead to: `npm run studio` unless SANITY_STUDIO_URL says otherwise. */
export function studioUrl(env: Record<string, string | undefined> = process.env): string {
  return env.SANITY_STUDIO_URL || 'http://localhost:3333';
}

/**
 * Fields that stay plain text, by field name, beyond Sanity's own list. An invisible suffix would
 * break what the site does with them:
 * - validated word for word (types.ts): `category`, `occasion`, `platform`, `whatsappNumber`,
 *   `contactEmail`, `pincode`;
 * - links: `contactPhone` (a `tel:` link), `whatsappNumber` and `whatsappGreeting` (`wa.me`);
 * - joined or matched: `size` (a cart line is a product and a size), recipe `ingredients` and
 *   `ingredientChips` (a chip filters recipes by the ingredient it names), `tags` and `topic`
 *   (filters and groups that compare them, and put them in the address);
 * - sent to Delhivery as they are: `pickup` (the registered warehouse name, its pincode, the daily
 *   cut-off and pickup time, `HH:MM`);
 * - printed on GST invoices as they are, and validated: `gstInvoice` (the supplier's particulars,
 *   the modes of the charges' tax and the signature) and a rate's `hsn`; no page shows them.
 */
export const PLAIN_FIELDS: ReadonlySet<string> = new Set([
  'category',
  'occasion',
  'platform',
  'whatsappNumber',
  'whatsappGreeting',
  'contactEmail',
  'contactPhone',
  'pincode',
  'pickup',
  'gstInvoice',
  'hsn',
  'size',
  'ingredients',
  'ingredientChips',
  'tags',
  'topic',
]);

/** Plain in one type only: nutrition items find their product's picture by the product's `name`. */
const PLAIN_FIELDS_OF_TYPE: Readonly<Record<string, ReadonlySet<string>>> = {
  product: new Set(['name']),
  nutritionItem: new Set(['name']),
};

type StegaFilter = NonNullable<StegaConfig['filter']>;

/** Sanity's default rule, then ours: no segment of the field's path may be a plain field. */
export const stegaFilter: StegaFilter = (props) => {
  const ofType = PLAIN_FIELDS_OF_TYPE[props.sourceDocument._type];
  const plain = (segment: unknown) =>
    typeof segment === 'string' && (PLAIN_FIELDS.has(segment) || ofType?.has(segment));
  return props.filterDefault(props) && !props.sourcePath.some(plain);
};

/** The Sanity client's stega settings for the preview. */
export function stegaConfig(env?: Record<string, string | undefined>): InitializedStegaConfig {
  return { enabled: true, studioUrl: studioUrl(env), filter: stegaFilter };
}

/** A source map saying: this whole value is that document, path for path. */
function wholeDocumentMap(document: SanityDocument): ContentSourceMap {
  return {
    // A draft is named by its own id, as in Sanity's maps: the Studio then opens the draft.
    documents: [{ _id: String(document._originalId ?? document._id), _type: document._type }],
    paths: ['$'],
    mappings: { $: { type: 'value', source: { type: 'documentValue', document: 0, path: 0 } } },
  };
}

/** The bundled documents with each editable string pointing back at its own field. */
export function encodeDocuments(
  documents: readonly SanityDocument[],
  config: InitializedStegaConfig,
): SanityDocument[] {
  return documents.map((document) =>
    document._type.startsWith('sanity.')
      ? document
      : stegaEncodeSourceMap(document, wholeDocumentMap(document), config),
  );
}
