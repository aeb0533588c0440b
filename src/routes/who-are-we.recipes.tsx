import { content } from '../content/content.server.ts';
import { ChipGroup, EmptyState, FilterFooter, SearchFilter, SelectFilter } from '../features/filters/FilterParts.tsx';
import { keepDataWhenOnlyQueryChanges, useUrlFilters } from '../features/filters/use-url-filters.ts';
import {
  CALORIES,
  DEFAULT_RECIPE_FILTERS,
  filterRecipes,
  fromSearchParams,
  type RecipeFilters,
  recipeFilterOptions,
  toSearchParams,
} from '../features/recipes/recipe-filters.ts';
import { pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd, recipeJsonLd } from '../features/seo/structured-data.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import '../features/catalogue/catalogue.css';
import '../features/filters/filters.css';
import type { Route } from './+types/who-are-we.recipes';

export async function loader() {
  return { recipes: await content().recipes() };
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
  const { recipes } = loaderData;
  const options = recipeFilterOptions(recipes);
  const hydrated = useHydrated();
  const [filters, setFilters] = useUrlFilters<RecipeFilters>(
    DEFAULT_RECIPE_FILTERS,
    (params) => fromSearchParams(params, options),
    toSearchParams,
  );
  const shown = filterRecipes(recipes, filters);
  const change = (patch: Partial<RecipeFilters>) => setFilters({ ...filters, ...patch });
  const reset = () => setFilters(DEFAULT_RECIPE_FILTERS);

  return (
    <div className="page">
      <h1>Recipes</h1>
      <p className="section__intro">
        Everyday and festive dishes we cook at home with the grains, pulses, ghee and spice from our farmer families.
      </p>

      <section className="card filters" aria-label="Filter recipes">
        <div className="filters__row">
          <SearchFilter
            value={filters.search}
            placeholder="Title, ingredient or tag"
            onChange={(search) => change({ search })}
          />
          <SelectFilter
            label="Occasion"
            anyLabel="All occasions"
            options={options.occasions}
            value={filters.occasion}
            onChange={(occasion) => change({ occasion })}
          />
          <div className="filters__field">
            <label htmlFor="recipe-max-calories">
              Max calories: <output htmlFor="recipe-max-calories">{filters.maxCalories}</output> kcal
            </label>
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
        </div>
        <ChipGroup
          legend="Ingredients"
          options={options.ingredients}
          selected={filters.ingredients}
          onChange={(ingredients) => change({ ingredients })}
        />
        <ChipGroup legend="Tags" options={options.tags} selected={filters.tags} onChange={(tags) => change({ tags })} />
        <FilterFooter
          count={hydrated ? `${shown.length} of ${recipes.length} recipes shown` : `${recipes.length} recipes`}
          onReset={reset}
        />
      </section>

      {shown.length === 0 ? (
        <EmptyState
          message="No recipes match. Adjust filters or reset."
          tip="Tip: search for Rajma or Red Rice, or raise the calorie slider."
          onReset={reset}
        />
      ) : (
        <ul className="grid filter-results" aria-label="Recipes">
          {shown.map((recipe) => (
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
                <ul className="tag-list" aria-label="Tags">
                  {recipe.tags.map((tag) => (
                    <li key={tag} className="tag">
                      {tag}
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
