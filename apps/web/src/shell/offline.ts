/** Registers the service worker of the built client (not in dev, where files are not hashed). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No offline copy this time (private mode, or an insecure origin): the page still works online.
    });
  });
}
