/** The home page (src/features/home). Interface words, not quoted in docs/shop-rules.md. */
export const home = {
  whatWeStandFor: 'What we stand for',
  pauseBackgroundVideo: 'Pause background video',
  playBackgroundVideo: 'Play background video',
} as const;
