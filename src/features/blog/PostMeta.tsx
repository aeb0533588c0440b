import { formatPostDate } from './format.ts';
import './blog.css';

/** Category, date and read time of a post, in one line. */
export function PostMeta({ category, date, readTime }: { category: string; date: string; readTime: string }) {
  return (
    <p className="post-meta">
      <span className="tag tag--leaf">{category}</span>
      <time dateTime={date}>{formatPostDate(date)}</time>
      <span aria-hidden="true">·</span>
      <span>{readTime}</span>
    </p>
  );
}
