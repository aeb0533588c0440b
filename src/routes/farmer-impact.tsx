import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { content } from '../content/content.server.ts';
import { pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd } from '../features/seo/structured-data.ts';
import { FeatureCards, StatCards } from '../features/story/StatCards.tsx';
import { ValueChainChart } from '../features/story/ValueChainChart.tsx';
import { aroundPlaceholder } from '../shop/fill-in.ts';
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
        <h2 id="value-chain">{page.valueChainTitle}</h2>
        <ValueChainChart nodes={page.valueChain} caption={page.valueChainCaption} />
      </section>

      <section aria-labelledby="farmer-share" className="story__section">
        <h2 id="farmer-share">{page.shareTitle}</h2>
        <dl className="story__specs card">
          <dt>{page.shareStatedLabel}</dt>
          <dd>
            <WithFigure text={page.shareStatedSentence} figure={`${page.farmerShareStated}%`} />
          </dd>
          <dt>{page.shareBlogLabel}</dt>
          <dd>
            <WithFigure text={page.shareBlogSentence} figure={page.farmerShareBlogClaim} />
          </dd>
        </dl>
        <p className="story__prose">{page.farmerShareNote}</p>
      </section>

      <section aria-labelledby="impact-stats" className="story__section">
        <h2 id="impact-stats">{page.statsTitle}</h2>
        <StatCards stats={page.stats} label={page.statsTitle} />
      </section>

      <section aria-labelledby="stories" className="story__section">
        <h2 id="stories">{page.storiesTitle}</h2>
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
        <h2 id="commitments">{page.commitmentsTitle}</h2>
        <FeatureCards cards={commitments} label={page.commitmentsTitle} />
      </section>
    </div>
  );
}

/** An editor's sentence with its {share} in bold: the figure is the point of the sentence. */
function WithFigure({ text, figure }: { text: string; figure: string }) {
  const [before, after] = aroundPlaceholder(text, 'share');
  return (
    <>
      {before}
      <strong>{figure}</strong>
      {after}
    </>
  );
}
