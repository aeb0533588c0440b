import { content } from '../content/content.server.ts';
import { keepDataWhenOnlyQueryChanges } from '../features/filters/index.ts';
import { WhyItMattersPage } from '../features/guides/WhyItMattersPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import { text } from '../shop/texts/guide-pages.ts';
import type { Route } from './+types/why-it-matters';

export async function loader() {
  const [items, guide] = await Promise.all([content().impactItems(), content().guidePages()]);
  return { items, intro: guide.whyItMattersIntro, headings: guide.whyItMattersHeadings };
}

/** Filters change only the query: the prerendered data stays as it is. */
export const shouldRevalidate = keepDataWhenOnlyQueryChanges;

export function meta() {
  return pageHead({
    title: text('guides.whyItMatters'),
    description: text('guideFilters.whyItMattersDescription'),
    path: '/why-it-matters',
  });
}

export default function WhyItMatters({ loaderData }: Route.ComponentProps) {
  return <WhyItMattersPage items={loaderData.items} intro={loaderData.intro} headings={loaderData.headings} />;
}
