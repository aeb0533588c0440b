import { useId } from 'react';
import type { EarlyActionName } from '../../early/index.ts';
import { text } from '../../shop/texts/static-pages.ts';
import type { QrSvg } from './qr.ts';

/** A scannable QR code drawn as an inline SVG, the URL it holds, and a button to print just this block. */
export function QrCode({ qr, url, label }: { qr: QrSvg; url: string; label: string }) {
  const titleId = useId();
  return (
    <div className="qr-card card" data-print-only="">
      {/* The button is not part of the figure (HTML allows a figure's caption only first or last). */}
      <figure className="qr-card__figure">
        <svg
          className="qr-card__code"
          role="img"
          aria-labelledby={titleId}
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          width="220"
          height="220"
          shapeRendering="crispEdges"
        >
          <title id={titleId}>{`${label}: ${url}`}</title>
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <figcaption>
          <span className="qr-card__label">{label}</span>
          <span className="qr-card__url">{url}</span>
        </figcaption>
      </figure>
      {/* On the prerendered page, which loads no React, the early script prints (src/early/print.ts, decision 028). */}
      <button
        type="button"
        className="button button--ghost qr-card__print"
        data-early={'print' satisfies EarlyActionName}
        onClick={() => window.print()}
      >
        {text('story.printQrCode')}
      </button>
    </div>
  );
}
