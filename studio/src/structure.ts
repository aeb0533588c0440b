import type { StructureBuilder, StructureResolver } from 'sanity/structure';
import { SINGLETON_TYPES } from './schemaTypes/index.ts';

const SINGLETONS: { type: string; title: string }[] = [
  { type: 'shopSettings', title: 'Shop settings' },
  { type: 'homePage', title: 'Home page' },
  { type: 'aboutPage', title: 'Who are we page' },
  { type: 'farmerImpactPage', title: 'Farmer impact page' },
  { type: 'guidePages', title: 'Blog, recipes, nutrition and why-it-matters pages' },
];

/** Listed apart from the other documents (below), not twice. */
const LISTED_APART = [...SINGLETON_TYPES, 'taxRate'];

const BY_HSN_NEWEST_FIRST = [
  { field: 'hsn', direction: 'asc' as const },
  { field: 'validFrom', direction: 'desc' as const },
];

/**
 * The GST rates the invoices use (the supplier's particulars are in Shop settings → GST invoices):
 * all of them by HSN, and those the owner has still to confirm with the accountant.
 */
const gstRates = (S: StructureBuilder) =>
  S.listItem()
    .title('GST rates')
    .id('taxRate')
    .child(
      S.list()
        .title('GST rates')
        .items([
          S.listItem()
            .title('All rates')
            .id('all-rates')
            .child(S.documentTypeList('taxRate').title('All rates').defaultOrdering(BY_HSN_NEWEST_FIRST)),
          S.listItem()
            .title('To confirm with the accountant')
            .id('rates-to-confirm')
            .child(
              S.documentList()
                .title('To confirm with the accountant')
                .schemaType('taxRate')
                .filter('_type == "taxRate" && toConfirm == true')
                .apiVersion('2025-02-19')
                .defaultOrdering(BY_HSN_NEWEST_FIRST),
            ),
        ]),
    );

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...SINGLETONS.map(({ type, title }) =>
        S.listItem().title(title).id(type).child(S.document().schemaType(type).documentId(type)),
      ),
      gstRates(S),
      S.divider(),
      ...S.documentTypeListItems().filter((item) => !LISTED_APART.includes(item.getId() ?? '')),
    ]);
