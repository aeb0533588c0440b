import type { ValueChainNode } from '../../content/types.ts';

export interface ValueChainBar extends ValueChainNode {
  /** This node's share of the total, in percent (the bar's width). */
  percent: number;
  /** Rupees of every ₹100 the shopper pays, rounded to one decimal. */
  rupeesPer100: number;
}

/** Each node's share of the sum of all shares, so the bars always add up to the whole. */
export function valueChainBars(nodes: readonly ValueChainNode[]): ValueChainBar[] {
  const total = nodes.reduce((sum, node) => sum + Math.max(0, node.share), 0);
  return nodes.map((node) => {
    const percent = total > 0 ? (Math.max(0, node.share) * 100) / total : 0;
    return { ...node, percent, rupeesPer100: Math.round(percent * 10) / 10 };
  });
}

/** "₹55" or "₹12.5". */
export function formatRupees(amount: number): string {
  return `₹${Number.isInteger(amount) ? amount : amount.toFixed(1)}`;
}
