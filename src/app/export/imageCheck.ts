/**
 * Checks that an exported plot image holds the plot: a PNG with its signature and a sensible
 * size (read from the IHDR chunk), an SVG with the plot's traces in it.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height of a PNG, or null when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Why the PNG does not hold a plot of at least min×min pixels, or null. */
export function checkPng(bytes: Uint8Array, min = 100): string | null {
  const size = pngSize(bytes);
  if (!size) return 'the image is not a PNG';
  if (size.width < min || size.height < min) return `the image is only ${size.width}×${size.height} pixels`;
  return null;
}

/** Why the SVG does not hold the plot's traces, or null. */
export function checkSvg(text: string): string | null {
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(text)) return 'the image is not an SVG';
  if (!/class="[^"]*\bscatterlayer\b/.test(text) || !/class="[^"]*\btrace\b/.test(text)) return 'the image has no plotted data';
  return null;
}

/** The bytes of a base64 data URL ("data:image/png;base64,…"). */
export function dataUrlBytes(url: string): Uint8Array<ArrayBuffer> {
  const comma = url.indexOf(',');
  const binary = atob(url.slice(comma + 1));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The text of an SVG data URL (URI-encoded, or base64). */
export function dataUrlText(url: string): string {
  const comma = url.indexOf(',');
  const head = url.slice(0, comma);
  const body = url.slice(comma + 1);
  return head.endsWith(';base64') ? new TextDecoder().decode(dataUrlBytes(url)) : decodeURIComponent(body);
}
