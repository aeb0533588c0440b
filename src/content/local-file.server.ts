/**
 * Where the local stand-ins (mail, invoice copies, the Sheet's CSV tabs, the reviews read back from
 * them) put a file: `name` in the folder `dir`, made absolute from the working directory — what
 * `path.resolve(dir, name)` gives for a plain file name.
 *
 * Not written as `resolve(dir, \`${id}.html\`)`, because of how Netlify packages a function:
 * @netlify/zip-it-and-ship-it traces every v2 function with @vercel/nft, which evaluates a `path`
 * call it knows with each unknown argument as a wildcard, and copies whatever an absolute result
 * names into the package. `resolve(<unknown>, '<unknown>.html')` is `<cwd>/<any>/<any>.html`, the
 * build's working directory being the project root, so nft globbed every `.html` under the project
 * (`.data/mail`, `build/client`) into each function that reaches the mail stand-in, every `.json`
 * (package.json and its lock, the tsconfigs, `.data/invoices`, `coverage`, `bench/results`) with
 * the invoice copies, every `.csv` with the Sheet: 13 MB instead of 8 for process-cod, and the
 * time to glob and copy them in each of 16 functions. Written as below nft learns nothing: `resolve(dir)` has no known
 * argument, so it is not evaluated, and a `join` of two unknowns is not either (nor would a
 * relative result be copied). tests/functions/packaging.test.ts checks what each package holds.
 */
import { join, resolve } from 'node:path';

/** `name` is one file name (no separator): the stand-ins' names are checked or made so. */
export function fileInFolder(dir: string, name: string): string {
  return join(resolve(dir), name);
}
