/** The products page's description (src/routes/products._index.tsx): in that route's chunk alone, not in every page's shared words. */
export const catalogueHead = {
  description:
    'Himalayan rajma, Badri cow ghee, black soyabean, red rice and wild jimbu, grown by farmer families in Uttarakhand.',
} as const;
