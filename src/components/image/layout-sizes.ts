/**
 * `sizes` values for the shared layouts: how wide an image is drawn at each viewport width. They
 * follow the CSS, so a change there belongs here too.
 *
 * `.page` (global.css) is at most 72rem wide, with 1rem of padding each side below 48rem and
 * 1.5rem from there. `.grid` fills it with columns of at least 16rem and 1.5rem gaps: one column
 * below 35.5rem, two up to 54rem, three up to 71.5rem, then four of 16.125rem.
 */
export const GRID_CARD_SIZES = [
  '(min-width: 71.5rem) 16.125rem',
  '(min-width: 54rem) calc((100vw - 6rem) / 3)',
  '(min-width: 35.5rem) calc((100vw - 3.5rem) / 2)',
  'calc(100vw - 2rem)',
].join(', ');

/** An image inside a grid card with 1rem of padding (`.filter-card`): the column less 2rem. */
export const PADDED_GRID_CARD_SIZES = [
  '(min-width: 71.5rem) 14.125rem',
  '(min-width: 54rem) calc((100vw - 12rem) / 3)',
  '(min-width: 35.5rem) calc((100vw - 7.5rem) / 2)',
  'calc(100vw - 4rem)',
].join(', ');
