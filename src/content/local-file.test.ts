import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileInFolder } from './local-file.server.ts';

describe('fileInFolder', () => {
  it('names the file as path.resolve does, from a relative folder or an absolute one', () => {
    for (const dir of ['.data/mail', './.data/sheets/', '/tmp/ouo-mail', '/tmp/a/../ouo-mail']) {
      expect(fileInFolder(dir, 'OUO_1735000000001.html')).toBe(resolve(dir, 'OUO_1735000000001.html'));
    }
  });
});
