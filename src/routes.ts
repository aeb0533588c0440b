import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:id', 'routes/product.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:id', 'routes/blog-post.tsx'),
  route('who-are-we', 'routes/who-are-we.tsx'),
  route('who-are-we/farmer-impact', 'routes/farmer-impact.tsx'),
  route('who-are-we/traceability', 'routes/traceability.tsx'),
  route('who-are-we/traceability/:batchId', 'routes/traceability-batch.tsx'),
  route('who-are-we/recipes', 'routes/who-are-we.recipes.tsx'),
  route('nutrition', 'routes/nutrition.tsx'),
  route('why-it-matters', 'routes/why-it-matters.tsx'),
  route('policies/:slug', 'routes/policy.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
