import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import type { FarmerImpact } from '../../content/types.ts';
import { aroundPlaceholder } from '../../shop/fill-in.ts';
import { text } from '../../shop/texts/static-pages.ts';
import { FeatureCards, StatCards } from './StatCards.tsx';
import { StorySection } from './StorySection.tsx';
import { ValueChainChart } from './ValueChainChart.tsx';
import './story.css';

/** /who-are-we/farmer-impact (docs/shop-rules.md §2): the value chain, the farmer's share, stories and commitments. */
export function FarmerImpactPage({ impact }: { impact: FarmerImpact }) {
  const { page, stories, commitments } = impact;
  return (
    <div className="page story">
      <Breadcrumb
        trail={[{ name: text('shell.nav.whoAreWe'), path: '/who-are-we' }]}
        current={text('story.farmerImpact')}
      />
      <h1>{page.title}</h1>
      <p className="story__lead">{page.intro}</p>

      <StorySection id="value-chain" title={page.valueChainTitle}>
        <ValueChainChart nodes={page.valueChain} caption={page.valueChainCaption} />
      </StorySection>

      <StorySection id="farmer-share" title={page.shareTitle}>
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
      </StorySection>

      <StorySection id="impact-stats" title={page.statsTitle}>
        <StatCards stats={page.stats} label={page.statsTitle} />
      </StorySection>

      <StorySection id="stories" title={page.storiesTitle}>
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
      </StorySection>

      <StorySection id="commitments" title={page.commitmentsTitle}>
        <FeatureCards cards={commitments} label={page.commitmentsTitle} />
      </StorySection>
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
