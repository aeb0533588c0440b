import { Link } from 'react-router';
import type { AboutPage as AboutTexts } from '../../content/types.ts';
import { FeatureCards, StatCards } from './StatCards.tsx';
import { StorySection } from './StorySection.tsx';
import './story.css';
import { text } from '../../shop/texts/static-pages.ts';

/** /who-are-we (docs/shop-rules.md §2): who we are, our values and impact, and where to read on. */
export function AboutPage({ about }: { about: AboutTexts }) {
  return (
    <div className="page story">
      <h1>{about.title}</h1>
      <p className="story__lead">{about.intro}</p>

      <section aria-labelledby="mission" className="story__section">
        <h2 id="mission">{text('story.ourMission')}</h2>
        <p className="story__prose">{about.mission}</p>
      </section>

      <StorySection id="values" title={about.valuesTitle}>
        <FeatureCards cards={about.values} label={about.valuesTitle} />
      </StorySection>

      <StorySection id="impact" title={about.impactTitle}>
        <StatCards stats={about.stats} label={about.impactTitle} />
      </StorySection>

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
