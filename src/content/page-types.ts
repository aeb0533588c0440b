/**
 * The site's singletons as the app parses them: the shop's settings and the texts of the home,
 * who-are-we, farmer-impact and guide pages (docs/content-model.md). Re-exported by types.ts.
 */
import { z } from 'zod';
export const socialLinkSchema = z.object({
  platform: z.enum(['Instagram', 'Facebook', 'YouTube', 'X', 'LinkedIn']),
  url: z.url(),
});

/** A time of day on the 24-hour clock, as the Studio takes it: 09:30, 14:00. */
const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const shopSettingsSchema = z.object({
  shopName: z.string(),
  tagline: z.string().default(''),
  showDiscountTag: z.boolean().default(true),
  festivalLabel: z.string().default(''),
  festivalActive: z.boolean().default(false),
  freeShippingThreshold: z.number().int().positive(),
  codCharge: z.number().int().nonnegative(),
  /**
   * The COD rules' switch and thresholds as the editor left them (docs/shop-rules.md §10 rule 17):
   * any of them may be empty, and src/shop/cod/cod-rules.ts `codRuleSettings` fills in its defaults.
   */
  codRules: z
    .object({
      on: z.boolean().nullish(),
      minAddressChars: z.number().nullish(),
      rtoAdvanceFrom: z.number().nullish(),
      rtoPrepaidFrom: z.number().nullish(),
      dayAmountLimit: z.number().nullish(),
      firstOrderCap: z.number().nullish(),
    })
    .nullish(),
  whatsappNumber: z.string().regex(/^\d{10,15}$/),
  whatsappGreeting: z.string(),
  contactEmail: z.email(),
  contactPhone: z.string(),
  address: z.string(),
  socialLinks: z.array(socialLinkSchema).default([]),
  marketplaceNote: z.string().default(''),
  /**
   * The registered Delhivery pickup location and its pincode, and the daily pickup request: asked
   * from `cutoff`, for the courier to come at `time` (India time, HH:MM; docs/shop-rules.md §10).
   */
  pickup: z.object({
    name: z.string(),
    pincode: z.string().regex(/^\d{6}$/),
    cutoff: timeOfDaySchema.default('14:00'),
    time: timeOfDaySchema.default('16:00'),
  }),
  // Texts across the site (issue 16; docs/content-model.md).
  /** With `{amount}`: the free-shipping threshold. */
  deliveryBanner: z.string(),
  footerLegal: z.string(),
  /** A text may use `{amount}` too. */
  trustBadges: z.array(z.object({ icon: z.string(), text: z.string() })),
  newsletter: z.object({ title: z.string(), text: z.string(), note: z.string() }),
  contactIntro: z.string(),
  productNutritionLink: z.string(),
  productPromoButton: z.string(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const featureCardSchema = z.object({ icon: z.string(), title: z.string(), text: z.string() });

export const impactStatSchema = z.object({ value: z.string(), label: z.string(), note: z.string().optional() });
export type ImpactStat = z.infer<typeof impactStatSchema>;

export const homePageSchema = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  tiles: z.array(featureCardSchema),
  whyChooseTitle: z.string(),
  whyChooseUs: z.array(featureCardSchema),
  ctaTitle: z.string(),
  ctaText: z.string(),
  heroButton: z.string(),
  productsTitle: z.string(),
  productsButton: z.string(),
  ctaButton: z.string(),
  /** The hero's looping clip: a still (the page's first picture) and the clip in two formats. */
  heroVideo: z.object({
    poster: z.object({
      src: z.string().min(1),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
    webm: z.string().min(1),
    mp4: z.string().min(1),
  }),
});
export type HeroVideoFiles = HomePage['heroVideo'];
export type HomePage = z.infer<typeof homePageSchema>;

export const aboutPageSchema = z.object({
  title: z.string(),
  intro: z.string(),
  mission: z.string(),
  values: z.array(featureCardSchema),
  stats: z.array(impactStatSchema),
  valuesTitle: z.string(),
  impactTitle: z.string(),
  exploreTitle: z.string(),
  quickLinks: z.array(z.object({ label: z.string(), path: z.string() })),
});
export type AboutPage = z.infer<typeof aboutPageSchema>;

export const valueChainNodeSchema = z.object({ node: z.string(), share: z.number(), note: z.string().default('') });
export type ValueChainNode = z.infer<typeof valueChainNodeSchema>;

export const farmerImpactSchema = z.object({
  page: z.object({
    title: z.string(),
    intro: z.string(),
    farmerShareStated: z.number(),
    farmerShareBlogClaim: z.string(),
    farmerShareNote: z.string(),
    valueChain: z.array(valueChainNodeSchema),
    stats: z.array(impactStatSchema),
    valueChainTitle: z.string(),
    valueChainCaption: z.string(),
    shareTitle: z.string(),
    shareStatedLabel: z.string(),
    /** With `{share}`: farmerShareStated, as a percentage. */
    shareStatedSentence: z.string(),
    shareBlogLabel: z.string(),
    /** With `{share}`: farmerShareBlogClaim. */
    shareBlogSentence: z.string(),
    statsTitle: z.string(),
    storiesTitle: z.string(),
    commitmentsTitle: z.string(),
  }),
  stories: z.array(
    z.object({
      name: z.string(),
      place: z.string(),
      role: z.string(),
      story: z.string(),
      quote: z.string().optional(),
    }),
  ),
  commitments: z.array(featureCardSchema),
});
export type FarmerImpact = z.infer<typeof farmerImpactSchema>;

export const guidePagesSchema = z.object({
  blogIntro: z.string(),
  recipesIntro: z.string(),
  ingredientChips: z.array(z.string()),
  nutritionIntro: z.string(),
  whyItMattersIntro: z.string(),
  whyItMattersHeadings: z.object({ pillars: z.string(), statements: z.string(), projects: z.string() }),
});
