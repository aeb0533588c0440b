/**
 * The shop's one icon set: Lucide's line icons (a 2 px round stroke in the text colour), drawn as
 * inline SVG so they look the same on every phone and browser, which emoji do not. Every icon is
 * decorative (aria-hidden): the control or the text beside it carries the meaning. Only the icons
 * imported here reach the bundle; the cards' icons, chosen in the content, are in content-icons.tsx
 * so that only the pages with such cards load them.
 */
import { Check, type LucideIcon, Mail, MapPin, Menu, Phone, ShoppingCart, Truck, X } from 'lucide-react';

type IconProps = { size?: number; className?: string };

/** The interface's own icons, by what they show. */
const shaped =
  (Shape: LucideIcon, defaultSize = 24) =>
  ({ size = defaultSize, className }: IconProps) => (
    <Shape aria-hidden="true" focusable="false" size={size} className={className} />
  );

export const CartIcon = shaped(ShoppingCart);
export const MenuIcon = shaped(Menu);
export const CloseIcon = shaped(X);
export const TruckIcon = shaped(Truck, 20);
export const MapPinIcon = shaped(MapPin, 20);
export const PhoneIcon = shaped(Phone, 20);
export const MailIcon = shaped(Mail, 20);
export const CheckIcon = shaped(Check, 16);

const base = (size: number) => ({ width: size, height: size, viewBox: '0 0 24 24', focusable: false });

/** WhatsApp's own mark (Lucide draws no brand logos). */
export function ChatIcon({ size = 28, className }: IconProps) {
  return (
    <svg aria-hidden="true" {...base(size)} className={className} fill="currentColor">
      <path d="M12 2a9.9 9.9 0 0 0-8.5 15l-1.4 5 5.2-1.4A9.9 9.9 0 1 0 12 2zm0 18.1a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3.1.8.8-3-.2-.3A8.2 8.2 0 1 1 12 20.1zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z" />
    </svg>
  );
}

export function StarIcon({ fill, size = 16 }: { fill: 'full' | 'half' | 'empty'; size?: number }) {
  const id = `star-half-${size}`;
  return (
    <svg aria-hidden="true" {...base(size)} className={`star star--${fill}`}>
      {fill === 'half' && (
        <defs>
          <linearGradient id={id}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path
        d="M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L12 17.1l-5.6 3 1.1-6.3L2.9 9.4l6.3-.9z"
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${id})` : 'none'}
        stroke="currentColor"
        strokeWidth="1.4"
      />
    </svg>
  );
}
