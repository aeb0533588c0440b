import { content } from '../content/content.server.ts';
import { pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd } from '../features/seo/structured-data.ts';
import { FarmerImpactPage } from '../features/story/FarmerImpactPage.tsx';
import { text } from '../shop/texts/static-pages.ts';
import type { Route } from './+types/who-are-we.farmer-impact';

export async function loader() {
  const impact = await content().farmerImpact();
  return { impact };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const path = '/who-are-we/farmer-impact';
  return pageHead({
    title: loaderData.impact.page.title,
    description: loaderData.impact.page.intro,
    path,
    jsonLd: [
      breadcrumbJsonLd([
        { name: text('shell.nav.whoAreWe'), path: '/who-are-we' },
        { name: text('story.farmerImpact'), path },
      ]),
    ],
  });
}

export default function FarmerImpact({ loaderData }: Route.ComponentProps) {
  return <FarmerImpactPage impact={loaderData.impact} />;
}
