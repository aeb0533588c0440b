import { Link } from 'react-router';
import { content } from '../content/content.server.ts';
import { pageHead } from '../features/seo/head.ts';
import { FeatureCards, StatCards } from '../features/story/StatCards.tsx';
import '../features/story/story.css';
import type { Route } from './+types/who-are-we';

export async function loader() {
  const about = await content().aboutPage();
  return { about };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageHead({ title: loaderData.about.title, description: loaderData.about.intro, path: '/who-are-we' });
}

const QUICK_LINKS = [
  { to: '/who-are-we/traceability', title: 'Traceability' },
  { to: '/who-are-we/farmer-impact', title: 'Farmer impact' },
  { to: '/who-are-we/recipes', title: 'Recipes' },
  { to: '/nutrition', title: 'Nutrition' },
  { to: '/why-it-matters', title: 'Why it matters' },
] as const;

export default function WhoAreWe({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <div className="page story">
      <h1>{about.title}</h1>
      <p className="story__lead">{about.intro}</p>

      <section aria-labelledby="mission" className="story__section">
        <h2 id="mission">Our mission</h2>
        <p className="story__prose">{about.mission}</p>
      </section>

      <section aria-labelledby="values" className="story__section">
        <h2 id="values">Our values</h2>
        <FeatureCards cards={about.values} label="Our values" />
      </section>

      <section aria-labelledby="impact" className="story__section">
        <h2 id="impact">Our impact</h2>
        <StatCards stats={about.stats} label="Impact in numbers" />
      </section>

      <nav aria-labelledby="explore" className="story__section">
        <h2 id="explore">Explore more</h2>
        <ul className="story__links">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link className="card story__link-card" to={link.to}>
                {link.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
