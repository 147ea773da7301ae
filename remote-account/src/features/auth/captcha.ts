/** Google reCAPTCHA v3: a token before register/start when the backend asks for one. */
import { AccountError } from 'account-sync/auth';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

function loadScript(siteKey: string): Promise<Grecaptcha> {
  const existing = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (loaded) resolve(loaded);
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  });
}

export async function captchaToken(siteKey: string | undefined): Promise<string> {
  try {
    if (!siteKey) throw new Error('no captcha site key');
    const grecaptcha = await loadScript(siteKey);
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    const token = await grecaptcha.execute(siteKey, { action: 'register' });
    if (!token) throw new Error('empty captcha token');
    return token;
  } catch {
    throw new AccountError('captcha-failed', 'ReCaptcha validation failed');
  }
}
