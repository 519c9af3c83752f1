/**
 * A stored image at the size it is shown, twice over for sharp screens (the server resizes:
 * /storage/v1/object/public/{bucket}/{path}?width=&height=&quality=&resize=cover).
 */
export function imageUrl(path: string, width: number, height: number, quality = 75): string {
  const params = new URLSearchParams({
    width: String(width * 2),
    height: String(height * 2),
    quality: String(quality),
    resize: 'cover',
  });
  return `${path}${path.includes('?') ? '&' : '?'}${params}`;
}
