// Optional fields without the spread-if: `{...defined({ note, reviewer })}` keeps the members whose
// value is not undefined, so an object built for a type with optional members (under
// `exactOptionalPropertyTypes`) never carries a member set to undefined.

/** The members of `fields` whose value is not undefined (null, 0, false and '' are kept). */
export function defined<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
