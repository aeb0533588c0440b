import type { StructureResolver } from 'sanity/structure';
import { SINGLETON_TYPES } from './schemaTypes/index.ts';

const SINGLETONS: { type: string; title: string }[] = [
  { type: 'shopSettings', title: 'Shop settings' },
  { type: 'homePage', title: 'Home page' },
  { type: 'aboutPage', title: 'Who are we page' },
  { type: 'farmerImpactPage', title: 'Farmer impact page' },
  { type: 'guidePages', title: 'Blog, recipes, nutrition and why-it-matters pages' },
];

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...SINGLETONS.map(({ type, title }) =>
        S.listItem().title(title).id(type).child(S.document().schemaType(type).documentId(type)),
      ),
      S.divider(),
      ...S.documentTypeListItems().filter((item) => !SINGLETON_TYPES.includes(item.getId() ?? '')),
    ]);
