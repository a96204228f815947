/**
 * Values derived from a loaded model (a platform's normalised keys, a dataset's answer
 * templates): fixed while that model is served, so made on first use and kept with the object
 * they derive from, and gone with it when a reload swaps the model (a WeakMap holds them).
 */

/**
 * `make` as a function that makes its value once per key object and returns that same value on
 * every later call with the same object. `make` must depend only on the key (and on nothing that
 * changes), and must not return undefined.
 */
export function madeOnce<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}
