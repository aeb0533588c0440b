import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_ICONS } from '../shop/vocabulary.ts';
import { ContentIcon, contentIconName } from './content-icons.tsx';

describe('content icons', () => {
  it('draws every icon an editor can pick, as a decorative SVG', () => {
    for (const { value } of CONTENT_ICONS) {
      const { container, unmount } = render(<ContentIcon name={value} />);
      const svg = container.querySelector('svg');
      expect(svg, value).not.toBeNull();
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg?.innerHTML).not.toBe('');
      unmount();
    }
  });

  it('reads an emoji from a dataset imported before the icons as its icon, and anything else as the leaf', () => {
    expect(contentIconName('handshake')).toBe('handshake');
    expect(contentIconName('🏔️')).toBe('mountain');
    expect(contentIconName('👩‍🌾')).toBe('farmer');
    expect(contentIconName('🦄')).toBe('leaf');
    expect(contentIconName('')).toBe('leaf');
  });
});
