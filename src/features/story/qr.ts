import qrcode from 'qrcode-generator';

export interface QrSvg {
  /** Modules per side, without the quiet zone. */
  moduleCount: number;
  /** Side of the SVG view box, including a quiet zone of `margin` modules on each side. */
  size: number;
  /** One path of unit squares, one per dark module, in view-box units. */
  path: string;
}

/**
 * A QR code (error correction M) of `text`, as data for an inline SVG `<path>`.
 * Deterministic: the same text always gives the same path.
 */
export function qrSvg(text: string, margin = 4): QrSvg {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const moduleCount = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < moduleCount; row++) {
    for (let col = 0; col < moduleCount; col++) {
      if (code.isDark(row, col)) parts.push(`M${col + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { moduleCount, size: moduleCount + margin * 2, path: parts.join('') };
}
