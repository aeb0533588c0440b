import { content } from '../content/content.server.ts';
import { keepDataWhenOnlyQueryChanges } from '../features/filters/index.ts';
import { RecipesPage } from '../features/guides/RecipesPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd, recipeJsonLd } from '../features/seo/structured-data.ts';
import { text } from '../shop/texts/guide-pages.ts';
import type { Route } from './+types/who-are-we.recipes';

export async function loader() {
  const [recipes, guide] = await Promise.all([content().recipes(), content().guidePages()]);
  return { recipes, intro: guide.recipesIntro, ingredientChips: guide.ingredientChips };
}

/** Filters change only the query: the prerendered data stays as it is. */
export const shouldRevalidate = keepDataWhenOnlyQueryChanges;

export function meta({ loaderData }: Route.MetaArgs) {
  const path = '/who-are-we/recipes';
  return pageHead({
    title: text('guides.recipes'),
    description: text('guideFilters.recipesDescription'),
    path,
    jsonLd: [
      ...loaderData.recipes.map((recipe) => recipeJsonLd(recipe)),
      breadcrumbJsonLd([
        { name: text('shell.nav.whoAreWe'), path: '/who-are-we' },
        { name: text('guides.recipes'), path },
      ]),
    ],
  });
}

export default function Recipes({ loaderData }: Route.ComponentProps) {
  return (
    <RecipesPage recipes={loaderData.recipes} intro={loaderData.intro} ingredientChips={loaderData.ingredientChips} />
  );
}
