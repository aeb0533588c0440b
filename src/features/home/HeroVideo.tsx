import { useEffect, useRef, useState } from 'react';

/**
 * The looping hero clip. It never autoplays from the HTML: the poster paints first, and after
 * hydration the clip plays only if the visitor has not asked for reduced motion. A button pauses it
 * (moving content longer than five seconds must be pausable).
 */
export function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

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
      <video
        ref={video}
        className="hero__video"
        muted
        loop
        playsInline
        preload="metadata"
        poster="/media/hero/hero-poster.jpg"
        width={960}
        height={540}
        aria-hidden="true"
        tabIndex={-1}
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
