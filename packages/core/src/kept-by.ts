// What is read of an object, kept by that object: a function's answer computed once per argument
// and held weakly (it goes with the object). For readings of values that never change once built
// (a table's rows, a loan's documents), asked for many times.

/** `read`, answering each object once and keeping the answer as long as the object lives. */
export function keptBy<K extends object, V>(read: (key: K) => V): (key: K) => V {
  const kept = new WeakMap<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = read(key);
    kept.set(key, value);
    return value;
  };
}
