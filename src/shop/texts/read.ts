/**
 * The one way to read a text (docs/architecture.md, "Texts"): `reader(set)` binds the reader to a
 * set of domains, and `text('domain.key', { slot: value })` reads one. A key the set does not hold,
 * a missing slot or a slot the text does not have is a type error: keys are the set's paths as
 * template literal types, and a text's slots are read from its string's type (`{name}`), or from
 * the values a function text takes (a plural). No imports: every page's binding carries this.
 */

/** A text: words with `{slot}`s the reader fills, or a function of its values (a plural). */
// biome-ignore lint/suspicious/noExplicitAny: a function text names its own values' type.
export type Leaf = string | ((values: any) => string);
/** A set of texts: domains of keys, nested as deep as a domain likes. */
export interface TextTree {
  readonly [key: string]: Leaf | TextTree;
}

/** Every key of a set, `'domain.key'` and `'domain.group.key'`. */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends Leaf ? K : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

/** The text at a key (distributed over a union of keys). */
export type TextAt<T, K extends string> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? TextAt<T[Head], Rest>
    : never
  : K extends keyof T
    ? T[K]
    : never;

/** The slot names a text's words carry: `'Order {orderId} is paid.'` → `'orderId'`. */
export type Slots<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Slots<Rest> : never;

/** A slot's value: words, or a number written as JavaScript writes it. */
export type SlotValue = string | number;

/** What a text at a key needs: nothing, its slots, or its function's values. */
export type TextValues<L> = L extends (values: infer V) => string
  ? V
  : L extends string
    ? [Slots<L>] extends [never]
      ? never
      : { readonly [Name in Slots<L>]: SlotValue }
    : never;

/** The reader's arguments after the key: none for a text without slots. */
type ValuesArgument<L> = [TextValues<L>] extends [never] ? [] : [values: TextValues<L>];

export type Read<T> = <K extends TextKey<T>>(key: K, ...values: ValuesArgument<TextAt<T, K>>) => string;

/** The same keys with any words: another language's set (src/shop/texts/hi.ts). */
export type Translation<T> = {
  readonly [K in keyof T]?: T[K] extends string ? string : T[K] extends Leaf ? T[K] : Translation<T[K]>;
};

/**
 * Binds the reader to `set`. `translation`: another language's words for the same keys, read
 * first; a key it lacks is read from `set` (English).
 */
export function reader<T extends TextTree>(set: T, translation?: Translation<T>): Read<T> {
  return ((key: string, values?: Record<string, SlotValue>) => {
    const leaf = (translation && lookup(translation as TextTree, key)) ?? lookup(set, key);
    if (typeof leaf === 'function') return leaf(values);
    if (typeof leaf !== 'string') throw new Error(`No text at ${key}`);
    return values ? leaf.replace(/\{(\w+)\}/g, (slot, name: string) => String(values[name] ?? slot)) : leaf;
  }) as Read<T>;
}

function lookup(set: TextTree, key: string): Leaf | TextTree | undefined {
  let node: Leaf | TextTree | undefined = set;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}
