import type { ReactNode } from 'react';
import type { EarlyActionName } from '../early/index.ts';
import './chip.css';

/**
 * A pill-shaped toggle button, for filters: `pressed` is its state (aria-pressed); `value` is what it
 * filters by ('' for 'All'), read by a tap before the page is live (src/early/filter-chip.ts, decision 028).
 */
export function Chip({
  pressed,
  value,
  onClick,
  children,
}: {
  pressed: boolean;
  value: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="chip"
      aria-pressed={pressed}
      data-early={'chip' satisfies EarlyActionName}
      data-value={value}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
