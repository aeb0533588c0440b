/** The home page (src/features/home). Interface words, not quoted in docs/shop-rules.md. */
export const home = {
  whatWeStandFor: 'What we stand for',
  pauseBackgroundVideo: 'Pause background video',
  playBackgroundVideo: 'Play background video',
  /** The home page's title after the shop's name (its route's meta). */
  headTitle: '{shopName} — organic foods from the Himalayas',
} as const;
