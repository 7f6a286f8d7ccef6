// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { errorForStatus } from './errors';
import { errorText } from './error-text';

// Server texts reach the Hebrew UI translated (issue 15 §4): a code from the
// server wins; then the §8 catalogue; the English message is the last resort.
describe('errorText', () => {
  it('translates server codes and the §8 catalogue into Hebrew', async () => {
    await i18n.changeLanguage('he');
    const t = i18n.t.bind(i18n);
    const wrong = errorForStatus(401, '', { success: false, code: 'invalid_credentials', message: 'Invalid email or password' });
    expect(errorText(wrong, t)).toBe('אימייל או סיסמה שגויים');
    expect(errorText(errorForStatus(403, '', { message: 'Admin access required', code: 'admin_required' }), t)).toBe('אין לך הרשאה לבצע פעולה זו.');
    expect(errorText(errorForStatus(500, '', { code: 'server_error' }), t)).toBe('אירעה שגיאה בלתי צפויה. אנא נסה שוב.');
    expect(errorText(errorForStatus(418, '', null), t)).toBe('משהו השתבש. אנא נסה שוב.');
    // A code this client does not know: the catalogue or the server's message, never the code itself.
    expect(errorText(errorForStatus(409, '', { code: 'brand_new', message: 'Client name already exists' }), t)).toBe('Client name already exists');
  });
});
