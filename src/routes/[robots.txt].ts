import { robotsTxt } from '../features/seo/sitemap.ts';

/** Prerendered to build/client/robots.txt. */
export function loader() {
  return new Response(robotsTxt(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
