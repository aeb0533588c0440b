import { useMemo } from 'react';
import type { Recipe } from '../../content/types.ts';
import { ChipGroup, FilterPage, facetsAttribute, SelectFilter, TagList, useFilterPage } from '../filters/index.ts';
import { CALORIES, recipeFacets, recipeFilter } from './recipe-filters.ts';
import './guides.css';
import { text } from '../../shop/texts/guide-pages.ts';

/**
 * /who-are-we/recipes (docs/shop-rules.md §2): the recipes, filtered by occasion, calories, the
 * editors' ingredient chips (`ingredientChips`) and tags.
 */
export function RecipesPage({
  recipes,
  intro,
  ingredientChips,
}: {
  recipes: readonly Recipe[];
  intro: string;
  ingredientChips: readonly string[];
}) {
  const definition = useMemo(() => recipeFilter(ingredientChips), [ingredientChips]);
  const page = useFilterPage(definition, recipes);
  const { filters, options, change } = page;

  return (
    <FilterPage
      title={text('guides.recipes')}
      intro={intro}
      label={text('guideFilters.filterRecipes')}
      noun="recipes"
      searchPlaceholder={text('guideFilters.recipesSearch')}
      empty={{
        message: text('guideFilters.noRecipesMatch'),
        tip: text('guideFilters.recipesTip'),
      }}
      page={page}
      controls={
        <>
          <SelectFilter
            label={text('guideFilters.occasion')}
            anyLabel={text('guideFilters.allOccasions')}
            options={options.occasions}
            value={filters.occasion}
            onChange={(occasion) => change({ occasion })}
          />
          <div className="filters__field">
            {/* The value beside the label, not in it: an <output> inside a label would be what it labels (HTML). */}
            <span>
              <label htmlFor="recipe-max-calories">{text('guides.maxCalories')}</label>{' '}
              <output htmlFor="recipe-max-calories">{filters.maxCalories}</output> {text('guides.kcal')}
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
          legend={text('guides.ingredients')}
          facet="ingredients"
          options={options.ingredients}
          selected={filters.ingredients}
          onChange={(ingredients) => change({ ingredients })}
        />
      }
    >
      <ul className="grid filter-results" aria-label={text('guides.recipes')}>
        {page.shown.map((recipe) => (
          <li key={recipe.id} data-facets={facetsAttribute(recipeFacets(recipe, options))}>
            <article className="card filter-card" aria-labelledby={`${recipe.id}-title`}>
              <span className="filter-card__emoji" aria-hidden="true">
                {recipe.emoji}
              </span>
              <h2 id={`${recipe.id}-title`}>{recipe.title}</h2>
              <p className="filter-card__meta">
                {recipe.occasion} · {recipe.calories} {text('guides.kcal2')} {recipe.time} {text('guides.min')}
                {recipe.serves ? ` · serves ${recipe.serves}` : ''}
              </p>
              <h3 className="visually-hidden">{text('guides.ingredients')}</h3>
              <ul>
                {recipe.ingredients.map((ingredient) => (
                  <li key={ingredient}>{ingredient}</li>
                ))}
              </ul>
              {recipe.quickTip ? (
                <p>
                  <strong>{text('guides.quickTip')}</strong> {recipe.quickTip}
                </p>
              ) : null}
              <details>
                <summary>{text('guides.steps')}</summary>
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
