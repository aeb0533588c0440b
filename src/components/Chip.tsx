import type { ReactNode } from 'react';
import './chip.css';

/** A pill-shaped toggle button, for filters: `pressed` is its state (aria-pressed). */
export function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}
