import { useEffect, useRef, useState } from 'react';
import { ResponsiveImage } from '../../components/image/ResponsiveImage.tsx';

/** The poster is a frame of the clip: 16:9, 960 px wide (its AVIF and WebP variants are made at build). */
const POSTER = { src: '/media/hero/hero-poster.jpg', width: 960, height: 540 };

/**
 * The hero is as wide as the window and `min(78vh, 40rem)` tall (home.css), and the poster covers
 * it: on a tall phone screen the 16:9 frame is drawn wider than the screen to fill the height.
 */
const POSTER_SIZES = 'max(100vw, calc(min(78vh, 40rem) * 16 / 9))';

/**
 * The looping hero clip. The page's first paint never waits for it: the poster is an ordinary
 * image (the home page's LCP element, fetched first), and the clip, which only loads its metadata,
 * stays invisible over it until it actually plays. It never autoplays from the HTML: after
 * hydration it plays only if the visitor has not asked for reduced motion. A button pauses it
 * (moving content longer than five seconds must be pausable).
 */
export function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.play().then(
      () => setPlaying(true),
      () => setPlaying(false), // autoplay refused (data saver, low power): the poster stays
    );
  }, []);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      void element.play().then(() => setPlaying(true));
    } else {
      element.pause();
      setPlaying(false);
    }
  };

  return (
    <>
      <ResponsiveImage image={POSTER} alt="" className="hero__poster" sizes={POSTER_SIZES} slotSize={POSTER} priority />
      <video
        ref={video}
        className={started ? 'hero__video hero__video--started' : 'hero__video'}
        muted
        loop
        playsInline
        preload="metadata"
        width={960}
        height={540}
        aria-hidden="true"
        tabIndex={-1}
        onPlaying={() => setStarted(true)}
      >
        <source src="/media/hero/hero.webm" type="video/webm" />
        <source src="/media/hero/hero.mp4" type="video/mp4" />
      </video>
      <button type="button" className="hero__toggle" onClick={toggle} aria-pressed={!playing}>
        {playing ? 'Pause background video' : 'Play background video'}
      </button>
    </>
  );
}
