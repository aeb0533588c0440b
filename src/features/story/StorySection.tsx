import type { ReactNode } from 'react';

/** A story page's section, named by its heading (`aria-labelledby`) so screen readers list it by that heading. */
export function StorySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="story__section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
