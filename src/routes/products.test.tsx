import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeCatalogue } from '../../tests/support/factories.ts';
import Products from './products.tsx';

describe('/products', () => {
  it('lists every product with a link to its page and its price or price range', async () => {
    const catalogue = makeCatalogue();
    const Stub = createRoutesStub([
      {
        path: '/products',
        // biome-ignore lint/suspicious/noExplicitAny: the stub passes loaderData like the framework does
        Component: Products as any,
        loader: () => ({ catalogue }),
      },
    ]);
    render(<Stub initialEntries={['/products']} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Organic Products' })).toBeInTheDocument();
    const ghee = screen.getByRole('link', { name: 'Badri Cow Ghee' });
    expect(ghee).toHaveAttribute('href', '/products/3');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6);
    expect(screen.getByText('₹450 – ₹1,795')).toBeInTheDocument();
  });
});
