import { ContentIcon } from '../../components/content-icons.tsx';
import type { ImpactStat } from '../../content/types.ts';

/** Big figures with their labels (and a note when the content has one). */
export function StatCards({ stats, label }: { stats: readonly ImpactStat[]; label: string }) {
  return (
    <ul className="grid story__stats" aria-label={label}>
      {stats.map((stat) => (
        <li key={stat.label} className="card story__stat">
          <p className="story__stat-value">{stat.value}</p>
          <p className="story__stat-label">{stat.label}</p>
          {stat.note && <p className="story__stat-note">{stat.note}</p>}
        </li>
      ))}
    </ul>
  );
}

/** Icon, title and text cards (values, commitments). */
export function FeatureCards({
  cards,
  label,
}: {
  cards: readonly { icon: string; title: string; text: string }[];
  label: string;
}) {
  return (
    <ul className="grid story__cards" aria-label={label}>
      {cards.map((card) => (
        <li key={card.title} className="card">
          <ContentIcon name={card.icon} className="story__icon" />
          <h3>{card.title}</h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
