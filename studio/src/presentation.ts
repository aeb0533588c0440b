/**
 * How the Presentation tool pairs pages with documents (README, "Previewing drafts"): the page the
 * frame shows opens its main document beside it, and a document lists the pages that show it, so
 * an editor moves from one to the other without searching. Routes are the site's (src/routes.ts).
 */
import { defineDocuments, defineLocations, type PresentationPluginOptions } from 'sanity/presentation';

/** The site's routes as Presentation matches them; `:id` and `:slug` come in as text. */
export const mainDocuments = defineDocuments([
  { route: '/', filter: '_id == "homePage"' },
  { route: '/who-are-we', filter: '_id == "aboutPage"' },
  { route: '/who-are-we/farmer-impact', filter: '_id == "farmerImpactPage"' },
  { route: ['/blog', '/who-are-we/recipes', '/nutrition', '/why-it-matters'], filter: '_id == "guidePages"' },
  { route: '/contact', filter: '_id == "shopSettings"' },
  {
    route: '/products/:id',
    filter: ({ params }) => `_type == "product" && string(id) == ${JSON.stringify(params.id)}`,
  },
  { route: '/blog/:id', filter: ({ params }) => `_type == "blogPost" && string(id) == ${JSON.stringify(params.id)}` },
  {
    route: '/who-are-we/traceability/:batchId',
    filter: ({ params }) => `_type == "traceabilityBatch" && batchId == ${JSON.stringify(params.batchId)}`,
  },
  {
    route: '/policies/:slug',
    filter: ({ params }) => `_type == "policyPage" && slug == ${JSON.stringify(params.slug)}`,
  },
]);

const page = (title: string, href: string) => ({ title, href });

export const locations: NonNullable<PresentationPluginOptions['resolve']>['locations'] = {
  homePage: defineLocations({ message: 'The home page', locations: [page('Home', '/')] }),
  aboutPage: defineLocations({ locations: [page('Who are we', '/who-are-we')] }),
  farmerImpactPage: defineLocations({ locations: [page('Farmer impact', '/who-are-we/farmer-impact')] }),
  guidePages: defineLocations({
    locations: [
      page('Blog', '/blog'),
      page('Recipes', '/who-are-we/recipes'),
      page('Nutrition', '/nutrition'),
      page('Why it matters', '/why-it-matters'),
    ],
  }),
  // The shop's settings show on every page: the banner, header and footer.
  shopSettings: defineLocations({ message: 'Every page', locations: [page('Home', '/'), page('Contact', '/contact')] }),
  product: defineLocations({
    select: { name: 'name', id: 'id' },
    resolve: (doc) =>
      doc?.id ? { locations: [page(doc.name, `/products/${doc.id}`), page('All products', '/products')] } : null,
  }),
  blogPost: defineLocations({
    select: { title: 'title', id: 'id' },
    resolve: (doc) => (doc?.id ? { locations: [page(doc.title, `/blog/${doc.id}`), page('Blog', '/blog')] } : null),
  }),
  recipe: defineLocations({ locations: [page('Recipes', '/who-are-we/recipes')] }),
  nutritionItem: defineLocations({ locations: [page('Nutrition', '/nutrition')] }),
  impactItem: defineLocations({ locations: [page('Why it matters', '/why-it-matters')] }),
  traceabilityBatch: defineLocations({
    select: { batchId: 'batchId', productName: 'productName' },
    resolve: (doc) =>
      doc?.batchId
        ? {
            locations: [
              page(doc.productName, `/who-are-we/traceability/${doc.batchId}`),
              page('Traceability', '/who-are-we/traceability'),
            ],
          }
        : null,
  }),
  policyPage: defineLocations({
    select: { title: 'title', slug: 'slug' },
    resolve: (doc) => (doc?.slug ? { locations: [page(doc.title, `/policies/${doc.slug}`)] } : null),
  }),
};
