import type { ValueChainNode } from '../../content/types.ts';
import { text } from '../../shop/texts/static-pages.ts';
import { formatRupees, valueChainBars } from './value-chain.ts';

/**
 * The value chain as a real table that looks like a bar chart: each bar's width is its node's share
 * of the total, so screen readers get the same figures as a table with a caption.
 */
export function ValueChainChart({ nodes, caption }: { nodes: readonly ValueChainNode[]; caption: string }) {
  const bars = valueChainBars(nodes);
  return (
    // On a phone the rows reflow into blocks (story.css); should the table still be wider than its
    // box (very large text), it scrolls inside the box, never the page, with a shadow at the edge
    // that hides columns. The box is focusable so a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="value-chain-scroll" aria-label={caption} tabIndex={0}>
      <table className="value-chain">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text('story.stage')}</th>
            <th scope="col">{text('story.ofEvery100')}</th>
            <th scope="col">{text('story.whereItGoes')}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.node}>
              <th scope="row">{bar.node}</th>
              <td className="value-chain__share">
                <span className="value-chain__track" aria-hidden="true">
                  <span className="value-chain__bar" style={{ width: `${bar.percent}%` }} />
                </span>
                <span className="value-chain__amount">{formatRupees(bar.rupeesPer100)}</span>
              </td>
              <td className="value-chain__note">{bar.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
