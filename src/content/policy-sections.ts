/**
 * Parts of a policy page that other pages repeat in the policy's own words: the order page's
 * "What happens next" is the shipping policy's dispatch and delivery sections, so editing the
 * policy in Studio changes both (docs/content-model.md, `policyPage`).
 */
import { vercelStegaSplit } from '@vercel/stega';
import type { PortableTextValue } from './types.ts';

/** The shipping policy's headings whose sections the order page shows, in this order. */
export const WHAT_HAPPENS_NEXT_HEADINGS = ['When your order leaves us', 'How long delivery takes'] as const;

export interface PolicySection {
  heading: string;
  /** The blocks under the heading, up to the next heading of the same level. */
  body: PortableTextValue;
}

type Block = PortableTextValue[number];

const isHeading = (block: Block) => block._type === 'block' && block.style === 'h2';

function plainText(block: Block): string {
  const children = Array.isArray(block.children) ? (block.children as { text?: unknown }[]) : [];
  return children.map((child) => (typeof child.text === 'string' ? child.text : '')).join('');
}

/**
 * Headings compare without regard to letter case or spacing: an editor's stray space keeps the
 * section. In the preview the heading also carries its source, invisibly (content/stega.server.ts).
 */
const normalise = (text: string) => vercelStegaSplit(text).cleaned.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The sections of `body` under the given h2 headings, in the order asked for. A heading the body
 * does not have (renamed or removed by an editor) is left out rather than guessed at.
 */
export function policySections(body: PortableTextValue, headings: readonly string[]): PolicySection[] {
  const sections: PolicySection[] = [];
  for (const wanted of headings) {
    const start = body.findIndex((block) => isHeading(block) && normalise(plainText(block)) === normalise(wanted));
    if (start === -1) continue;
    const heading = body[start] as Block;
    const next = body.findIndex((block, index) => index > start && isHeading(block));
    const blocks = body.slice(start + 1, next === -1 ? undefined : next);
    if (blocks.length > 0) sections.push({ heading: plainText(heading), body: blocks });
  }
  return sections;
}

/** The sections' paragraphs as plain text (for an email): one string per non-empty block. */
export function sectionParagraphs(sections: readonly PolicySection[]): string[] {
  return sections.flatMap((section) => section.body.map(plainText)).filter((text) => text.trim() !== '');
}
