/** The checkout's GSTIN field (issue 35; docs/shop-rules.md §5, §8). Quoted word for word in docs/shop-rules.md §5 and §8 (src/shop/texts/shop-rules.test.ts): change both together. The example is a GSTIN whose check character is right. */
import type { GstinProblem } from '../invoice/index.ts';

const NOT_FIFTEEN = 'A GSTIN is 15 letters and digits, like 05ABCDE1234F1Z6: check it, or leave the field empty.';
export const gstin = {
  label: 'GSTIN for a business purchase (optional)',
  hint: "For a GST tax invoice in your business's name: 15 characters, like 05ABCDE1234F1Z6.",
  problem: {
    length: NOT_FIFTEEN,
    format: NOT_FIFTEEN,
    state: "A GSTIN starts with its State's code (01 to 38): check it, or leave the field empty.",
    checksum:
      "This GSTIN's last character does not match the rest: check it, or leave the field empty to order without it.",
  } satisfies Record<GstinProblem, string>,
} as const;
