/**
 * Whether a websocket handshake may proceed, by its Origin header. Auth travels in a message, not a cookie, so a
 * foreign page gains nothing from a socket; this is defence in depth against cross-site websocket hijacking.
 * Allowed: no Origin (non-browser clients, which still need a token), the deployment's public origin, or a page
 * served by the same host the handshake was sent to (ports may differ: proxies pass Host without the port).
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string | undefined): boolean {
  if (origin === undefined) return true;
  const page = parseUrl(origin);
  if (!page) return false;
  if (publicUrl && parseUrl(publicUrl)?.origin === page.origin) return true;
  return host !== undefined && parseUrl(`http://${host}`)?.hostname === page.hostname;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
