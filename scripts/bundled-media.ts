/**
 * Serves the bundled dataset's artwork (`studio/seed/images/**`) at `/media/**` in development
 * and copies it into the client build, so the site and a Sanity import use the same files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = '/media/';
const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

export function bundledMedia(imagesDir = path.resolve('studio/seed/images')): Plugin {
  return {
    name: 'ouo:bundled-media',
    configureServer(server) {
      server.middlewares.use(PREFIX, (req, res, next) => {
        const relative = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
        const file = path.resolve(imagesDir, relative);
        if (!file.startsWith(imagesDir + path.sep)) return next();
        try {
          const body = readFileSync(file);
          res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
          res.end(body);
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      if (this.environment.name !== 'client') return;
      for (const file of listFiles(imagesDir)) {
        this.emitFile({
          type: 'asset',
          fileName: `media/${file.split(path.sep).join('/')}`,
          source: readFileSync(path.join(imagesDir, file)),
        });
      }
    },
  };
}
