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
        <h2 id="values">{about.valuesTitle}</h2>
        <FeatureCards cards={about.values} label={about.valuesTitle} />
      </section>

      <section aria-labelledby="impact" className="story__section">
        <h2 id="impact">{about.impactTitle}</h2>
        <StatCards stats={about.stats} label={about.impactTitle} />
      </section>

      <nav aria-labelledby="explore" className="story__section">
        <h2 id="explore">{about.exploreTitle}</h2>
        <ul className="story__links">
          {about.quickLinks.map((link) => (
            <li key={link.path}>
              <Link className="card story__link-card" to={link.path}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
