import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { content } from '../content/content.server.ts';
import { pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd } from '../features/seo/structured-data.ts';
import { FeatureCards, StatCards } from '../features/story/StatCards.tsx';
import { ValueChainChart } from '../features/story/ValueChainChart.tsx';
import '../features/catalogue/catalogue.css';
import '../features/story/story.css';
import type { Route } from './+types/farmer-impact';

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
        { name: 'Who Are We', path: '/who-are-we' },
        { name: 'Farmer impact', path },
      ]),
    ],
  });
}

export default function FarmerImpactPage({ loaderData }: Route.ComponentProps) {
  const { page, stories, commitments } = loaderData.impact;
  return (
    <div className="page story">
      <Breadcrumb trail={[{ name: 'Who Are We', path: '/who-are-we' }]} current="Farmer impact" />
      <h1>{page.title}</h1>
      <p className="story__lead">{page.intro}</p>

      <section aria-labelledby="value-chain" className="story__section">
        <h2 id="value-chain">Where your ₹100 goes</h2>
        <ValueChainChart nodes={page.valueChain} caption="How each ₹100 you pay is shared along the value chain" />
      </section>

      <section aria-labelledby="farmer-share" className="story__section">
        <h2 id="farmer-share">The farmer's share, in plain words</h2>
        <dl className="story__specs card">
          <dt>What we state</dt>
          <dd>
            Farmers receive <strong>{page.farmerShareStated}%</strong> of the price.
          </dd>
          <dt>What some of our blog posts say</dt>
          <dd>
            Farmers receive <strong>{page.farmerShareBlogClaim}</strong>.
          </dd>
        </dl>
        <p className="story__prose">{page.farmerShareNote}</p>
      </section>

      <section aria-labelledby="impact-stats" className="story__section">
        <h2 id="impact-stats">Impact in numbers</h2>
        <StatCards stats={page.stats} label="Impact in numbers" />
      </section>

      <section aria-labelledby="stories" className="story__section">
        <h2 id="stories">Farmer stories</h2>
        <ul className="grid story__stories">
          {stories.map((story, index) => (
            <li key={story.name}>
              <article className="card story__story" aria-labelledby={`story-${index + 1}`}>
                <h3 id={`story-${index + 1}`}>{story.name}</h3>
                <p className="story__story-meta">
                  {story.role} · {story.place}
                </p>
                <p>{story.story}</p>
                {story.quote && <blockquote className="story__quote">{story.quote}</blockquote>}
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="commitments" className="story__section">
        <h2 id="commitments">Our commitments</h2>
        <FeatureCards cards={commitments} label="Our commitments" />
      </section>
    </div>
  );
}
