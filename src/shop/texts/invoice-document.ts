/** The tax invoice's and credit note's printed words (Rule 46 labels; netlify/lib/invoices): the page and the PDF alike. */
/** The printed words that are not figures: labels and fixed sentences. */
export const invoiceDocument = {
  title: { invoice: 'Tax Invoice', 'credit-note': 'Credit Note' },
  /** The title's Hindi, beside the English: the one line that needs the Devanagari font. */
  hindi: { invoice: 'कर बीजक', 'credit-note': 'क्रेडिट नोट' },
  number: { invoice: 'Invoice No.', 'credit-note': 'Credit Note No.' },
  date: 'Date',
  order: 'Order',
  placeOfSupply: 'Place of supply',
  supplier: 'Supplier',
  recipient: 'Recipient',
  gstin: 'GSTIN',
  state: 'State',
  unregistered: 'Unregistered',
  index: '#',
  description: 'Description',
  total: 'Total',
  inWords: 'Amount in words',
  reverseCharge: 'Whether tax is payable on reverse charge: No',
  computerGenerated: {
    invoice: 'This is a computer-generated invoice and needs no signature.',
    'credit-note': 'This is a computer-generated credit note and needs no signature.',
  },
  signatory: 'Authorised signatory',
} as const;
