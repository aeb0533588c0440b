import { content } from '../content/content.server.ts';
import { keepDataWhenOnlyQueryChanges } from '../features/filters/index.ts';
import { NutritionPage } from '../features/guides/NutritionPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import { text } from '../shop/texts/guide-pages.ts';
import type { Route } from './+types/nutrition';

export async function loader() {
  const [items, guide] = await Promise.all([content().nutritionItems(), content().guidePages()]);
  return { items, intro: guide.nutritionIntro };
}

/** Filters change only the query: the prerendered data stays as it is. */
export const shouldRevalidate = keepDataWhenOnlyQueryChanges;

export function meta() {
  return pageHead({
    title: text('guides.nutrition'),
    description: text('guideFilters.nutritionDescription'),
    path: '/nutrition',
  });
}

export default function Nutrition({ loaderData }: Route.ComponentProps) {
  return <NutritionPage items={loaderData.items} intro={loaderData.intro} />;
}
