import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Recipe } from '../content/types.ts';
import Recipes from './who-are-we.recipes.tsx';

const RECIPES: Recipe[] = Array.from({ length: 20 }, (_, index) => ({
  id: `rcp-${index + 1}`,
  title: index === 0 ? 'Pahadi Rajma Chawal' : index === 1 ? 'Red Rice Kheer' : `Dish ${index + 1}`,
  emoji: '🍲',
  occasion: index % 2 === 0 ? 'Comfort' : 'Everyday',
  calories: 220 + index * 15,
  time: 30,
  ingredients: index === 0 ? ['1 cup Himalayan red rajma'] : ['1 cup Himalayan red rice', '1 tbsp Badri cow ghee'],
  quickTip: 'Soak overnight.',
  steps: ['Cook.', 'Serve.'],
  tags: index === 0 ? ['High Protein'] : ['Gluten-free'],
}));

let lastSearch = '';
function Probe() {
  lastSearch = useLocation().search;
  return null;
}

function renderRecipes(url = '/who-are-we/recipes') {
  const Stub = createRoutesStub([
    {
      path: '/who-are-we/recipes',
      // biome-ignore lint/suspicious/noExplicitAny: the stub passes loaderData like the framework does
      Component: (props: any) => (
        <>
          <Recipes {...props} />
          <Probe />
        </>
      ),
      loader: () => ({
        recipes: RECIPES,
        intro: 'Dishes from our kitchens.',
        ingredientChips: ['Rajma', 'Red Rice', 'Ghee', 'Black Soyabean', 'Jimbu'],
      }),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const cards = () => screen.queryAllByRole('article');

describe('/who-are-we/recipes', () => {
  it('shows every recipe up to the default 600 kcal, with a live count', async () => {
    renderRecipes();
    await screen.findByRole('heading', { level: 1, name: 'Recipes' });
    expect(cards()).toHaveLength(20);
    expect(await screen.findByText('20 of 20 recipes shown')).toBeInTheDocument(); // once live (useHydrated)
    expect((screen.getByRole('slider', { name: /Max calories/ }) as HTMLInputElement).value).toBe('600');
  });

  it('typing narrows the list and writes the query; reset restores all 20', async () => {
    renderRecipes();
    await screen.findByRole('heading', { level: 1 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '  Rajma');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: 'Pahadi Rajma Chawal' })).toBeInTheDocument();
    await waitFor(() => expect(lastSearch).toBe('?q=++Rajma'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('  Rajma');
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(cards()).toHaveLength(20));
    await waitFor(() => expect(lastSearch).toBe(''));
  });

  it('shows the empty state with a reset button when nothing matches', async () => {
    renderRecipes();
    await screen.findByRole('heading', { level: 1 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No recipes match. Adjust filters or reset.')).toBeInTheDocument();
    expect(screen.getByText(/search for Rajma or Red Rice/)).toBeInTheDocument();
    const resets = screen.getAllByRole('button', { name: 'Reset filters' });
    await userEvent.click(resets[resets.length - 1] as HTMLElement);
    await waitFor(() => expect(cards()).toHaveLength(20));
  });

  it('reads the filters from the query, and chips toggle with aria-pressed', async () => {
    renderRecipes('/who-are-we/recipes?occasion=Everyday&max=400&tag=Gluten-free');
    await screen.findByRole('heading', { level: 1 });
    // Everyday recipes are the odd indexes; 220 + i*15 ≤ 400 keeps i ≤ 12: indexes 1,3,…,11.
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.getByRole('combobox', { name: 'Occasion' })).toHaveValue('Everyday');
    const tag = screen.getByRole('button', { name: 'Gluten-free' });
    expect(tag).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Ghee' }));
    await waitFor(() => expect(lastSearch).toContain('ingredient=Ghee'));
    expect(screen.getByRole('button', { name: 'Ghee' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(tag);
    await waitFor(() => expect(lastSearch).not.toContain('tag='));
  });
});
