/** A starting device name from the browser (the user can change it; spec §5 only requires non-empty). */
export function defaultDeviceName(): string {
  if (typeof navigator === 'undefined') return '';
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

export const PROFILE_COLORS = ['#2E65CF', '#8D44D6', '#E04F5F', '#4FA36B', '#D6A23A', '#3AAFB9', '#E07A3A', '#7A7F8C'];
