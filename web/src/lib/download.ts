import { currentLanguage } from '@/lib/i18n';

/**
 * Downloads a file the server builds (a CSV export) under the server's file name
 * (Content-Disposition), in the reader's language; throws on any failure so the caller can say
 * 'Error exporting data'.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { 'Accept-Language': currentLanguage() } });
  if (!res.ok) throw new Error(`export ${res.status}`);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
