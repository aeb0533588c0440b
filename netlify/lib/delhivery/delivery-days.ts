export interface DeliveryWindow {
  min: number;
  max: number;
}

/**
 * Days from pickup to the door, by how far apart the two pincodes are: same sorting district
 * (first two digits), same postal region (first digit), a neighbouring region, or further. From
 * the Uttarkashi pickup (249135) that is 24xxxx 2–4 days; UP and Uttarakhand 3–5; Delhi, Punjab,
 * Haryana, HP, J&K (1xxxxx), Rajasthan and Gujarat (3xxxxx) 4–6; the rest of India 5–8.
 * An estimate until Delhivery's TAT (expected delivery date) API is wired in.
 */
export function estimateDeliveryDays(originPin: string, destinationPin: string): DeliveryWindow {
  if (originPin.slice(0, 2) === destinationPin.slice(0, 2)) return { min: 2, max: 4 };
  const originRegion = Number(originPin[0]);
  const destinationRegion = Number(destinationPin[0]);
  if (originRegion === destinationRegion) return { min: 3, max: 5 };
  if (Math.abs(originRegion - destinationRegion) === 1) return { min: 4, max: 6 };
  return { min: 5, max: 8 };
}
