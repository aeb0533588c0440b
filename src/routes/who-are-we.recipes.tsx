import { useMemo } from 'react';
import { content } from '../content/content.server.ts';
import {
  ChipGroup,
  FilterPage,
  keepDataWhenOnlyQueryChanges,
  SelectFilter,
  TagList,
  useFilterPage,
} from '../features/filters/index.ts';
import { CALORIES, recipeFilter } from '../features/recipes/recipe-filters.ts';
import { pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd, recipeJsonLd } from '../features/seo/structured-data.ts';
import '../features/catalogue/catalogue.css';
import '../features/filters/filters.css';
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
    title: 'Recipes',
    description:
      'Twenty home recipes with Himalayan rajma, red rice, Badri cow ghee, black soyabean and jimbu: filter by occasion, calories, ingredient and tag.',
    path,
    jsonLd: [
      ...loaderData.recipes.map((recipe) => recipeJsonLd(recipe)),
      breadcrumbJsonLd([
        { name: 'Who Are We', path: '/who-are-we' },
        { name: 'Recipes', path },
      ]),
    ],
  });
}

export default function Recipes({ loaderData }: Route.ComponentProps) {
  const definition = useMemo(() => recipeFilter(loaderData.ingredientChips), [loaderData.ingredientChips]);
  const page = useFilterPage(definition, loaderData.recipes);
  const { filters, options, change } = page;

  return (
    <FilterPage
      title="Recipes"
      intro={loaderData.intro}
      label="Filter recipes"
      noun="recipes"
      searchPlaceholder="Title, ingredient or tag"
      empty={{
        message: 'No recipes match. Adjust filters or reset.',
        tip: 'Tip: search for Rajma or Red Rice, or raise the calorie slider.',
      }}
      page={page}
      controls={
        <>
          <SelectFilter
            label="Occasion"
            anyLabel="All occasions"
            options={options.occasions}
            value={filters.occasion}
            onChange={(occasion) => change({ occasion })}
          />
          <div className="filters__field">
            {/* The value beside the label, not in it: an <output> inside a label would be what it labels (HTML). */}
            <span>
              <label htmlFor="recipe-max-calories">Max calories:</label>{' '}
              <output htmlFor="recipe-max-calories">{filters.maxCalories}</output> kcal
            </span>
            <input
              id="recipe-max-calories"
              type="range"
              min={CALORIES.min}
              max={CALORIES.max}
              step={CALORIES.step}
              value={filters.maxCalories}
              aria-valuetext={`${filters.maxCalories} kcal`}
              onChange={(event) => change({ maxCalories: Number(event.target.value) })}
            />
          </div>
        </>
      }
      chips={
        <ChipGroup
          legend="Ingredients"
          options={options.ingredients}
          selected={filters.ingredients}
          onChange={(ingredients) => change({ ingredients })}
        />
      }
    >
      <ul className="grid filter-results" aria-label="Recipes">
        {page.shown.map((recipe) => (
          <li key={recipe.id}>
            <article className="card filter-card" aria-labelledby={`${recipe.id}-title`}>
              <span className="filter-card__emoji" aria-hidden="true">
                {recipe.emoji}
              </span>
              <h2 id={`${recipe.id}-title`}>{recipe.title}</h2>
              <p className="filter-card__meta">
                {recipe.occasion} · {recipe.calories} kcal · {recipe.time} min
                {recipe.serves ? ` · serves ${recipe.serves}` : ''}
              </p>
              <h3 className="visually-hidden">Ingredients</h3>
              <ul>
                {recipe.ingredients.map((ingredient) => (
                  <li key={ingredient}>{ingredient}</li>
                ))}
              </ul>
              {recipe.quickTip ? (
                <p>
                  <strong>Quick tip:</strong> {recipe.quickTip}
                </p>
              ) : null}
              <details>
                <summary>Steps</summary>
                <ol>
                  {recipe.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </details>
              <TagList tags={recipe.tags} />
            </article>
          </li>
        ))}
      </ul>
    </FilterPage>
  );
}
