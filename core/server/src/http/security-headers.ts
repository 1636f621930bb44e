import type { NextFunction, Request, Response } from 'express';

/**
 * Content-Security-Policy of the shell and the plugin remotes (one origin: everything is 'self').
 * - style-src needs 'unsafe-inline': antd's CSS-in-JS writes <style> elements at run time;
 *   scripts stay strict ('self' only, no inline, no eval), which is what stops injected code.
 * - blob: for media previews and recorded voice notes; data: for antd's inline icons and fonts.
 * - Plugins add https origins to img/media/frame/connect/font through `manifest.csp` (the helps
 *   plugin its video player), validated when they load; frame-src is 'none' when nobody asks.
 */
export function shellCsp(sources: Partial<Record<string, string[]>> = {}): string {
  const plus = (directive: string, base: string[]) => [directive, ...base, ...(sources[directive] ?? [])].join(' ');
  const frames = sources['frame-src'] ?? [];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    plus('img-src', ["'self'", 'data:', 'blob:']),
    plus('media-src', ["'self'", 'blob:']),
    plus('font-src', ["'self'", 'data:']),
    plus('connect-src', ["'self'"]),
    frames.length ? ['frame-src', ...frames].join(' ') : "frame-src 'none'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers (JSON, media files) never need to run or embed anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Only the microphone is used (voice notes), and only by Atende itself. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Registered before the body parsers, so every answer carries these headers, including the 400/413
 * a body parser gives for a malformed or oversized body. HSTS only over https (`req.secure` follows
 * TRUST_PROXY, so an https-terminating proxy counts): a plain-http answer must not pin the host.
 * `shell` is the shell's policy with the plugins' sources (shellCsp).
 */
/**
 * Cross-Origin-Opener-Policy: `same-origin` (no other site keeps a handle on our windows), except when a
 * plugin has a popup landing page (`opener: true`, an OAuth callback): that page goes without the header,
 * so the popup keeps its opener after the provider's pages, and our pages allow their popups
 * (`same-origin-allow-popups`; still no handle for a site that opens us).
 */
export function openerPolicy(path: string, openerPaths: readonly string[]): string | null {
  if (openerPaths.includes(path)) return null;
  return openerPaths.length ? 'same-origin-allow-popups' : 'same-origin';
}

export const securityHeaders = (shell: string, openerPaths: readonly string[] = []) => function securityHeaders(req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  const coop = openerPolicy(req.path, openerPaths);
  if (coop) res.setHeader('Cross-Origin-Opener-Policy', coop);
  res.setHeader('Content-Security-Policy', /^\/api(\/|$)/.test(req.path) ? API_CSP : shell);
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
  next();
};
