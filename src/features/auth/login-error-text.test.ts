// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { errorForStatus } from '../../api/errors';
import { LoginError } from '../../api/auth';
import { loginErrorText } from './login-page';

// Login failures reach the Hebrew UI translated (issue 15 §4).
describe('loginErrorText', () => {
  it('words login failures in the UI language', async () => {
    await i18n.changeLanguage('he');
    const t = i18n.t.bind(i18n);
    const api = errorForStatus(401, '', { code: 'invalid_credentials', message: 'Invalid email or password' });
    expect(loginErrorText(new LoginError('Invalid email or password', api, 'login_failed'), t)).toBe('אימייל או סיסמה שגויים');
    expect(loginErrorText(new LoginError('Login failed', errorForStatus(401, '', {}), 'login_failed'), t)).toBe('ההתחברות נכשלה');
    expect(loginErrorText(new LoginError('An error occurred during login', undefined, 'login_error'), t)).toBe('אירעה שגיאה בעת ההתחברות');
    expect(loginErrorText(new LoginError('x', errorForStatus(429, '', { code: 'too_many_failures', message: 'Too many…' }), 'login_failed'), t)).toBe(
      'יותר מדי ניסיונות התחברות כושלים מכתובת זו. נא להמתין כמה דקות ולנסות שוב.',
    );
    await i18n.changeLanguage('en');
    expect(loginErrorText(new LoginError('Invalid email or password', api, 'login_failed'), i18n.t.bind(i18n))).toBe('Invalid email or password');
  });
});
