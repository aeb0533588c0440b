import { Chip } from '../../components/Chip.tsx';
import { text } from '../../shop/texts/index.ts';
import { toggle } from './filter-utils.ts';

/**
 * Toggle buttons (aria-pressed) for a multi-select filter; any selected value matches. `facet`
 * names the items' values it filters (their `data-facets`: src/early/filter-chip.ts).
 */
export function ChipGroup({
  legend,
  facet,
  options,
  selected,
  onChange,
}: {
  legend: string;
  facet: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset data-facet={facet}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <Chip
          key={option}
          pressed={selected.includes(option)}
          value={option}
          onClick={() => onChange(toggle(selected, option))}
        >
          {option}
        </Chip>
      ))}
    </fieldset>
  );
}

/**
 * Toggle buttons for a single-choice filter: 'All' (`null`, no restriction), then each option; the
 * chosen one is pressed. The legend is for screen readers: the buttons say what they filter.
 */
export function ChoiceChips<Option extends string>({
  legend,
  facet,
  allLabel,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  /** The items' values it filters (their `data-facets`: src/early/filter-chip.ts). */
  facet: string;
  allLabel: string;
  options: readonly Option[];
  value: Option | null;
  onChange: (next: Option | null) => void;
  className?: string;
}) {
  return (
    <fieldset className={className} data-facet={facet} data-choice="one">
      <legend className="visually-hidden">{legend}</legend>
      <Chip pressed={value === null} value="" onClick={() => onChange(null)}>
        {allLabel}
      </Chip>
      {options.map((option) => (
        <Chip key={option} pressed={value === option} value={option} onClick={() => onChange(option)}>
          {option}
        </Chip>
      ))}
    </fieldset>
  );
}

/** A select whose first option ('' value) means no restriction. */
export function SelectFilter({
  label,
  anyLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  anyLabel: string;
  options: readonly string[];
  value: string;
  onChange: (next: string) => void;
}) {
  return (
    <label className="filters__field">
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SearchFilter({
  value,
  placeholder,
  onChange,
}: {
  value: string;
  placeholder: string;
  onChange: (next: string) => void;
}) {
  return (
    <label className="filters__field">
      {text('filters.search')}
      <input type="search" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** The live count and the Reset button under the controls. */
export function FilterFooter({ count, onReset }: { count: string; onReset: () => void }) {
  return (
    <div className="filters__footer">
      <p className="filters__count" aria-live="polite">
        {count}
      </p>
      <button type="button" className="button button--ghost" onClick={onReset}>
        {text('filters.resetFilters')}
      </button>
    </div>
  );
}

/** Shown instead of the results when nothing matches (docs/shop-rules.md §8). */
export function EmptyState({ message, tip, onReset }: { message: string; tip: string; onReset: () => void }) {
  return (
    <div className="card filters-empty">
      <p>
        <strong>{message}</strong>
      </p>
      <p>{tip}</p>
      <button type="button" className="button" onClick={onReset}>
        {text('filters.resetFilters')}
      </button>
    </div>
  );
}

/** A result card's tags. */
export function TagList({ tags }: { tags: readonly string[] }) {
  return (
    <ul className="tag-list" aria-label={text('filters.tags')}>
      {tags.map((tag) => (
        <li key={tag} className="tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}
