/**
 * The icons an editor can put on a card (home tiles, why-choose-us, values, commitments), from the
 * same Lucide set as the interface's (icons.tsx). Kept apart so that only the pages with such
 * cards load these shapes.
 */
import {
  Ban,
  Banknote,
  CreditCard,
  HandHeart,
  Handshake,
  Leaf,
  Lock,
  type LucideIcon,
  MessageCircle,
  Mountain,
  Package,
  Receipt,
  Recycle,
  Scale,
  Search,
  Sprout,
  Tag,
  Tractor,
  Truck,
  Wheat,
} from 'lucide-react';
import { CONTENT_ICONS, type ContentIconName, ICON_FOR_EMOJI } from '../shop/vocabulary.ts';

const CONTENT_ICON_SHAPES: Record<ContentIconName, LucideIcon> = {
  mountain: Mountain,
  sprout: Sprout,
  leaf: Leaf,
  wheat: Wheat,
  search: Search,
  handshake: Handshake,
  'hand-heart': HandHeart,
  farmer: Tractor,
  receipt: Receipt,
  ban: Ban,
  package: Package,
  truck: Truck,
  'credit-card': CreditCard,
  cash: Banknote,
  lock: Lock,
  recycle: Recycle,
  scale: Scale,
  tag: Tag,
  chat: MessageCircle,
};

const KNOWN = new Set<string>(CONTENT_ICONS.map((icon) => icon.value));

/** The icon an editor chose (or, from an older dataset, the emoji that stood for it); the leaf otherwise. */
export function contentIconName(value: string): ContentIconName {
  if (KNOWN.has(value)) return value as ContentIconName;
  return ICON_FOR_EMOJI[value] ?? 'leaf';
}

/** A card's icon, named by the content (docs/content-model.md). */
export function ContentIcon({ name, size = 28, className }: { name: string; size?: number; className?: string }) {
  const Shape = CONTENT_ICON_SHAPES[contentIconName(name)];
  return <Shape aria-hidden="true" focusable="false" size={size} className={className} />;
}
