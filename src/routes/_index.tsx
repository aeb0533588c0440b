import { content } from '../content/content.server.ts';
import { cardCatalogue } from '../features/catalogue/index.ts';
import { HOME_CARD_BENEFITS, HomePage } from '../features/home/HomePage.tsx';
import { pageHead } from '../features/seo/head.ts';
import { organizationJsonLd } from '../features/seo/structured-data.ts';
import { text } from '../shop/texts/static-pages.ts';
import type { Route } from './+types/_index';

export async function loader() {
  const [home, catalogue, settings] = await Promise.all([
    content().homePage(),
    content().catalogue(),
    content().settings(),
  ]);
  return { home, catalogue: cardCatalogue(catalogue, HOME_CARD_BENEFITS), settings };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageHead({
    title: text('home.headTitle', { shopName: loaderData.settings.shopName }),
    description: loaderData.home.heroSubtitle,
    path: '/',
    jsonLd: [organizationJsonLd(loaderData.settings)],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage home={loaderData.home} catalogue={loaderData.catalogue} display={loaderData.settings} />;
}
