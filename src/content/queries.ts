/**
 * Every GROQ query the site runs, by name. The same strings run against a real Sanity project
 * (@sanity/client) and against the bundled dataset (groq-js); parameters are always `$params`.
 */

const IMAGE = `{ "src": asset->url, alt, "width": asset->metadata.dimensions.width, "height": asset->metadata.dimensions.height }`;

const PRODUCT_FIELDS = `
  id, name, category, description, heroLine, story, keyFeatures, cta,
  nutritionHighlights, nutritionBenefits,
  "images": images[]${IMAGE},
  "variants": variants[]{ size, price, stock, weight },
  benefits, bestseller, discountPercent, hsnCode
`;

export const PRODUCTS_QUERY = `*[_type == "product" && !(_id in path("drafts.**"))] | order(id asc) { ${PRODUCT_FIELDS} }`;

export const PRODUCT_BY_ID_QUERY = `*[_type == "product" && id == $id && !(_id in path("drafts.**"))][0] { ${PRODUCT_FIELDS} }`;

export const SHOP_SETTINGS_QUERY = `*[_id == "shopSettings"][0] {
  shopName, tagline, showDiscountTag, festivalLabel, festivalActive, freeShippingThreshold, codCharge,
  codRules{ on, minAddressChars, rtoAdvanceFrom, rtoPrepaidFrom, dayAmountLimit, firstOrderCap },
  whatsappNumber, whatsappGreeting, contactEmail, contactPhone, address,
  "socialLinks": socialLinks[]{ platform, url }, marketplaceNote, pickup{ name, pincode, cutoff, time },
  deliveryBanner, footerLegal, "trustBadges": trustBadges[]{ icon, text }, newsletter{ title, text, note },
  contactIntro, productNutritionLink, productPromoButton
}`;

/**
 * What a GST tax invoice needs of the content (issue 35): Shop settings → GST invoices, absent
 * until the owner fills it in, and every dated rate (the invoice picks the one in force on its date).
 */
export const INVOICE_SETTINGS_QUERY = `{
  "invoice": *[_id == "shopSettings"][0].gstInvoice{
    legalName, tradeName, gstin, address, stateName, stateCode, invoicePrefix,
    chargesTax{ mode, rate, sac },
    signature{ mode, "imageUrl": image.asset->url, signatory }
  },
  "rates": *[_type == "taxRate" && !(_id in path("drafts.**"))] | order(hsn asc, validFrom asc) { hsn, rate, validFrom, toConfirm }
}`;

const FEATURE_CARD = `{ icon, title, text }`;
const IMPACT_STAT = `{ value, label, note }`;

export const HOME_PAGE_QUERY = `*[_id == "homePage"][0] {
  heroTitle, heroSubtitle, "tiles": tiles[]${FEATURE_CARD}, whyChooseTitle,
  "whyChooseUs": whyChooseUs[]${FEATURE_CARD}, ctaTitle, ctaText,
  heroButton, productsTitle, productsButton, ctaButton,
  "heroVideo": heroVideo{
    "poster": poster{ "src": asset->url, "width": asset->metadata.dimensions.width, "height": asset->metadata.dimensions.height },
    "webm": webm.asset->url, "mp4": mp4.asset->url
  }
}`;

export const ABOUT_PAGE_QUERY = `*[_id == "aboutPage"][0] {
  title, intro, mission, "values": values[]${FEATURE_CARD}, "stats": stats[]${IMPACT_STAT},
  valuesTitle, impactTitle, exploreTitle, "quickLinks": quickLinks[]{ label, path }
}`;

export const FARMER_IMPACT_QUERY = `{
  "page": *[_id == "farmerImpactPage"][0] {
    title, intro, farmerShareStated, farmerShareBlogClaim, farmerShareNote,
    "valueChain": valueChain[]{ node, share, note }, "stats": stats[]${IMPACT_STAT},
    valueChainTitle, valueChainCaption, shareTitle, shareStatedLabel, shareStatedSentence,
    shareBlogLabel, shareBlogSentence, statsTitle, storiesTitle, commitmentsTitle
  },
  "stories": *[_type == "farmerStory"] | order(order asc) { name, place, role, story, quote },
  "commitments": *[_type == "commitment"] | order(order asc) { icon, title, text }
}`;

export const FAQ_QUERY = `*[_type == "faqEntry"] | order(order asc) { question, answer, topic }`;

const POST_CARD = `id, title, excerpt, "image": image${IMAGE}, date, category, readTime, author`;

export const BLOG_POSTS_QUERY = `*[_type == "blogPost"] | order(date desc, id desc) { ${POST_CARD} }`;

export const BLOG_POST_BY_ID_QUERY = `*[_type == "blogPost" && id == $id][0] {
  ${POST_CARD}, body,
  "related": *[_type == "blogPost" && category == ^.category && id != ^.id] | order(date desc)[0...3] { ${POST_CARD} }
}`;

export const RECIPES_QUERY = `*[_type == "recipe"] | order(length(recipeId) asc, recipeId asc) {
  "id": recipeId, title, emoji, occasion, calories, time, serves, ingredients, quickTip, steps, tags
}`;

export const NUTRITION_ITEMS_QUERY = `*[_type == "nutritionItem"] | order(itemId asc) {
  "id": itemId, name, nutrients, benefits, tags,
  "image": *[_type == "product" && name == ^.name][0].images[0]${IMAGE}
}`;

export const IMPACT_ITEMS_QUERY = `*[_type == "impactItem"] | order(itemId asc) {
  "id": itemId, type, title, emoji, description, year, region, bullets, quote, tags
}`;

const BATCH_FIELDS = `
  batchId, productName, "productId": product->id, altitudeM, comingSoonNote, origin, maker, herd, process,
  "steps": steps[]{ "id": stepId, code, title, date, by, details, checks }
`;

export const BATCH_BY_ID_QUERY = `*[_type == "traceabilityBatch" && batchId == $batchId][0] { ${BATCH_FIELDS} }`;

export const BATCHES_QUERY = `*[_type == "traceabilityBatch"] | order(batchId desc) { ${BATCH_FIELDS} }`;

const POLICY_CARD = `slug, title, summary, updatedAt`;

export const POLICY_PAGES_QUERY = `*[_type == "policyPage" && !(_id in path("drafts.**"))] | order(slug asc) { ${POLICY_CARD} }`;

export const POLICY_LINKS_QUERY = `*[_type == "policyPage" && !(_id in path("drafts.**"))] | order(footerOrder asc, slug asc) { slug, "label": footerLabel }`;

export const GUIDE_PAGES_QUERY = `*[_id == "guidePages"][0] {
  blogIntro, recipesIntro, ingredientChips, nutritionIntro, whyItMattersIntro,
  whyItMattersHeadings{ pillars, statements, projects }
}`;

export const POLICY_PAGE_BY_SLUG_QUERY = `*[_type == "policyPage" && slug == $slug && !(_id in path("drafts.**"))][0] { ${POLICY_CARD}, body }`;

/** Everything the prerender and the sitemap need to list the site's dynamic pages. */
export const SITE_PATHS_QUERY = `{
  "productIds": *[_type == "product"] | order(id asc).id,
  "postIds": *[_type == "blogPost"] | order(id asc).id,
  "batchIds": *[_type == "traceabilityBatch"] | order(batchId asc).batchId,
  "policySlugs": *[_type == "policyPage" && !(_id in path("drafts.**"))] | order(slug asc).slug
}`;
