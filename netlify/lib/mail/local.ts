/**
 * The local stand-in for the shop's mail: each email is written as `<dir>/<emailId>.html` (the
 * confirmation's id is the order id; a parcel's news is `<orderId>-<event>`), which a developer
 * opens in a browser. The file is created exclusively (`wx`), so a second email with the same id is
 * refused by the file system: `duplicate`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileInFolder } from '../../../src/content/local-file.server.ts';
import type { MailResult, OrderEmail } from '../orders/types.ts';
import { failure } from '../platform/outcome.ts';

/** Order ids are `OUO_<digits>`; anything else could name a file outside the folder. */
const FILE_NAME = /^[A-Za-z0-9_-]+$/;

export function localMailWriter(dir: string): (email: OrderEmail) => Promise<MailResult> {
  return async (email) => {
    const name = email.emailId ?? email.orderId;
    if (!FILE_NAME.test(name)) return failure('REFUSED', `"${name}" cannot name a mail file`);
    const file = fileInFolder(dir, `${name}.html`);
    const unwritable = (error: unknown) => failure('UNREACHABLE', `${file} could not be written (${String(error)})`);
    try {
      await mkdir(resolve(dir), { recursive: true });
    } catch (error) {
      return unwritable(error); // EEXIST here is a file where the folder should be, not a sent email
    }
    try {
      await writeFile(file, email.html, { encoding: 'utf8', flag: 'wx' });
      return { ok: true, duplicate: false };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ok: true, duplicate: true };
      return unwritable(error);
    }
  };
}
