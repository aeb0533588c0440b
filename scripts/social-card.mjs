// Draws public/social-card.png (1200 × 630), the picture link previews show for pages without one
// of their own. Run again after changing the name, tagline or logo: `node scripts/social-card.mjs`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const logo = (await readFile(path.join(root, 'public/logo.svg'), 'utf8'))
  .replace(/<\?xml[^>]*>/, '')
  .replace(/\s(width|height)="[^"]*"/g, '')
  .replace('<svg ', '<svg x="90" y="165" width="300" height="300" ');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fbf6ec"/>
  <rect x="0" y="590" width="1200" height="40" fill="#2f5d3a"/>
  ${logo}
  <text x="440" y="280" font-family="Lora, Georgia, 'DejaVu Serif', serif" font-size="54" font-weight="700" fill="#7a3416">Orang Utan Organics</text>
  <text x="440" y="350" font-family="'DejaVu Sans', sans-serif" font-size="32" fill="#2b2620">Organic food from the villages of</text>
  <text x="440" y="395" font-family="'DejaVu Sans', sans-serif" font-size="32" fill="#2b2620">Uttarakhand, bought fairly from</text>
  <text x="440" y="440" font-family="'DejaVu Sans', sans-serif" font-size="32" fill="#2b2620">the families who grow it.</text>
</svg>`;

await sharp(Buffer.from(svg))
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(root, 'public/social-card.png'));
console.log('public/social-card.png written');
