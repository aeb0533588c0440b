/** The shop's social profiles (shop settings), each opening in a new tab: the footer and /contact. */
export function SocialLinks({
  links,
  label,
  className,
}: {
  links: readonly { url: string; platform: string }[];
  label: string;
  className?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {links.map((link) => (
        <li key={link.url}>
          <a href={link.url} rel="noopener noreferrer" target="_blank">
            {link.platform}
          </a>
        </li>
      ))}
    </ul>
  );
}
