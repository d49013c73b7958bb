/**
 * The page's compiled models by (text, columns), the last few kept (the least recently used goes):
 * every slider move evaluates or integrates the same model, whose kernels are built once.
 */
export function compiledCache<T>(limit = 8): (text: string, columns: readonly string[], compile: () => T) => T {
  const cache = new Map<string, T>();
  return (text, columns, compile) => {
    const key = `${columns.join('\u0001')}\u0000${text}`;
    const value = cache.has(key) ? (cache.get(key) as T) : compile();
    cache.delete(key);
    cache.set(key, value);
    if (cache.size > limit) cache.delete(cache.keys().next().value as string);
    return value;
  };
}
