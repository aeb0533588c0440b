import { useEffect, useRef, useState } from 'react';
import { ResponsiveImage } from '../../components/image/ResponsiveImage.tsx';
import type { HeroVideoFiles } from '../../content/types.ts';
import { text } from '../../shop/texts/static-pages.ts';

/**
 * The hero is as wide as the window and `min(78vh, 40rem)` tall (home.css), and the poster covers
 * it: on a tall phone screen the 16:9 frame is drawn wider than the screen to fill the height.
 */
const POSTER_SIZES = 'max(100vw, calc(min(78vh, 40rem) * 16 / 9))';

/**
 * The looping hero clip. The page's first paint never waits for it: the poster is an ordinary
 * image (the home page's LCP element, fetched first); the clip's files are named only after the
 * page has loaded, it loads only its metadata, and it stays invisible over the poster until it plays. It never autoplays from the HTML: after
 * hydration it plays only if the visitor has not asked for reduced motion. A button pauses it
 * (moving content longer than five seconds must be pausable).
 */
export function HeroVideo({ files }: { files: HeroVideoFiles }) {
  // The editors' still and clip (homePage.heroVideo): a frame of the clip, 16:9, whose AVIF and
  // WebP variants the build makes like any of our artwork.
  const { poster } = files;
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  // The clip's sources are attached only when it is to play: the prerendered page has no <source>
  // to fetch, so its 110 kB never compete with the poster, the styles and the scripts on a slow link.
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (document.readyState === 'complete') return setWanted(true);
    const onLoad = () => setWanted(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!wanted || !element) return;
    element.load();
    element.play().then(
      () => setPlaying(true),
      () => setPlaying(false), // autoplay refused (data saver, low power): the poster stays
    );
  }, [wanted]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (!wanted) {
      setWanted(true);
    } else if (element.paused) {
      void element.play().then(() => setPlaying(true));
    } else {
      element.pause();
      setPlaying(false);
    }
  };

  return (
    <>
      <ResponsiveImage image={poster} alt="" className="hero__poster" sizes={POSTER_SIZES} slotSize={poster} priority />
      <video
        ref={video}
        className={started ? 'hero__video hero__video--started' : 'hero__video'}
        muted
        loop
        playsInline
        preload="metadata"
        width={poster.width}
        height={poster.height}
        aria-hidden="true"
        tabIndex={-1}
        onPlaying={() => setStarted(true)}
      >
        {wanted && <source src={files.webm} type="video/webm" />}
        {wanted && <source src={files.mp4} type="video/mp4" />}
      </video>
      <button type="button" className="hero__toggle" onClick={toggle} aria-pressed={!playing}>
        {playing ? text('home.pauseBackgroundVideo') : text('home.playBackgroundVideo')}
      </button>
    </>
  );
}
