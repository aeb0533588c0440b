import { index, type RouteConfig, route } from '@react-router/dev/routes';

// Each route file is named after its URL as React Router's file-route convention names it
// (@react-router/fs-routes): `.` for `/`, `$param` for a parameter, `_index` for a folder's own
// page, `$` for any other address, `[…]` around a literal dot. The table below is the one that
// convention would derive from the file names.
export default [
  index('routes/_index.tsx'),
  route('products', 'routes/products._index.tsx'),
  route('products/:id', 'routes/products.$id.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('blog', 'routes/blog._index.tsx'),
  route('blog/:id', 'routes/blog.$id.tsx'),
  route('who-are-we', 'routes/who-are-we._index.tsx'),
  route('who-are-we/farmer-impact', 'routes/who-are-we.farmer-impact.tsx'),
  route('who-are-we/traceability', 'routes/who-are-we.traceability._index.tsx'),
  route('who-are-we/traceability/:batchId', 'routes/who-are-we.traceability.$batchId.tsx'),
  route('who-are-we/recipes', 'routes/who-are-we.recipes.tsx'),
  route('nutrition', 'routes/nutrition.tsx'),
  route('why-it-matters', 'routes/why-it-matters.tsx'),
  route('policies/:slug', 'routes/policies.$slug.tsx'),
  route('orders/:orderId', 'routes/orders.$orderId.tsx'),
  route('track', 'routes/track.tsx'),
  route('dev/staff', 'routes/dev.staff.tsx'),
  route('dev/whatsapp', 'routes/dev.whatsapp.tsx'),
  route('sitemap.xml', 'routes/[sitemap.xml].ts'),
  route('robots.txt', 'routes/[robots.txt].ts'),
  route('*', 'routes/$.tsx'),
] satisfies RouteConfig;
