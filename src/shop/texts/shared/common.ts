/** The shared components' words (src/components): breadcrumb, quantity stepper, carousel, toasts. Interface words, not quoted in docs/shop-rules.md. */
export const common = {
  breadcrumb: 'Breadcrumb',
  decreaseQuantity: 'Decrease quantity',
  quantity: 'Quantity',
  increaseQuantity: 'Increase quantity',
  previousPhoto: 'Previous photo',
  nextPhoto: 'Next photo',
  closeNotification: 'Close notification',
  /** After a link that opens a new tab, for screen readers (RichText, on the order page too). */
  opensInANewTab: '(opens in a new tab)',
  photoOf: 'Photo {index} of {count}',
  photosOf: 'Photos of {label}',
  /** The stars' name (Stars). */
  rated: ({ average, count }: { average: string; count: number }) =>
    `Rated ${average} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
} as const;
