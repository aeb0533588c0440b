import { content } from '../content/content.server.ts';
import { pageHead } from '../features/seo/head.ts';
import { AboutPage } from '../features/story/AboutPage.tsx';
import type { Route } from './+types/who-are-we._index';

export async function loader() {
  const about = await content().aboutPage();
  return { about };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageHead({ title: loaderData.about.title, description: loaderData.about.intro, path: '/who-are-we' });
}

export default function WhoAreWe({ loaderData }: Route.ComponentProps) {
  return <AboutPage about={loaderData.about} />;
}
