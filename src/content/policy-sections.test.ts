import { describe, expect, it } from 'vitest';
import { createContent } from './content.server.ts';
import { policySections, WHAT_HAPPENS_NEXT_HEADINGS } from './policy-sections.ts';
import { createBundledSource } from './source.server.ts';

const block = (key: string, text: string, style = 'normal') => ({
  _type: 'block',
  _key: key,
  style,
  markDefs: [],
  children: [{ _type: 'span', _key: `${key}s0`, text, marks: [] }],
});

const body = [
  block('a', 'Where we deliver', 'h2'),
  block('b', 'India only.'),
  block('c', 'How long  delivery TAKES ', 'h2'),
  block('d', '3 to 5 working days.'),
  block('e', 'Metros first.', 'h3'),
  block('f', 'Hills take longer.'),
  block('g', 'When your order leaves us', 'h2'),
  block('h', 'Within 2 working days.'),
];

describe('policySections', () => {
  it('gives the blocks under each heading asked for, up to the next h2, in the order asked for', () => {
    expect(policySections(body, WHAT_HAPPENS_NEXT_HEADINGS)).toEqual([
      { heading: 'When your order leaves us', body: [body[7]] },
      // Letter case and spacing of the heading do not matter; an h3 stays inside its section.
      { heading: 'How long  delivery TAKES ', body: [body[3], body[4], body[5]] },
    ]);
  });

  it('leaves out a heading the policy does not have, or one with nothing under it', () => {
    expect(policySections(body, ['Returns', 'Where we deliver'])).toEqual([
      { heading: 'Where we deliver', body: [body[1]] },
    ]);
    expect(policySections([block('a', 'When your order leaves us', 'h2')], WHAT_HAPPENS_NEXT_HEADINGS)).toEqual([]);
    expect(policySections([{ _type: 'image', _key: 'x' }], WHAT_HAPPENS_NEXT_HEADINGS)).toEqual([]);
  });
});

describe('the bundled shipping policy', () => {
  const content = createContent(createBundledSource());

  it('has both sections the order page shows, in its own words', async () => {
    const sections = await content.whatHappensNext();
    expect(sections.map((section) => section.heading)).toEqual([...WHAT_HAPPENS_NEXT_HEADINGS]);
    const text = JSON.stringify(sections);
    expect(text).toContain('dispatched within 2 working days');
    expect(text).toContain('3 to 5 working days');
  });

  it('links to /track', async () => {
    const policy = await content.policy('shipping');
    const links = (policy?.body ?? []).flatMap((item) => (item.markDefs as { href?: string }[] | undefined) ?? []);
    expect(links.map((link) => link.href)).toContain('/track');
  });
});
