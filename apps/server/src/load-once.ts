/**
 * `load`, called on the first call of the returned function and shared by every call after it,
 * for work put off from the server's start (a library imported on first use). A failed load is
 * forgotten, so the next call tries again instead of failing for the life of the process.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
