// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { errorForStatus } from './errors';
import { errorItems, errorText } from './error-text';

// Server texts reach the Hebrew UI translated (issue 15 §4, issue 31): a code from the
// server wins, worded with its params; then the §8 catalogue; the English message is the last resort.
const FSI = '\u2068',
  PDI = '\u2069';
const plain = (s: string) => s.replaceAll(FSI, '').replaceAll(PDI, '');

describe('errorText', () => {
  it('translates server codes and the §8 catalogue into Hebrew', async () => {
    await i18n.changeLanguage('he');
    const t = i18n.t.bind(i18n);
    const wrong = errorForStatus(401, '', { success: false, code: 'invalid_credentials', message: 'Invalid email or password' });
    expect(errorText(wrong, t)).toBe('אימייל או סיסמה שגויים');
    expect(errorText(errorForStatus(403, '', { message: 'Admin access required', code: 'admin_required' }), t)).toBe('אין לך הרשאה לבצע פעולה זו.');
    expect(errorText(errorForStatus(500, '', { code: 'server_error' }), t)).toBe('אירעה שגיאה בלתי צפויה. אנא נסה שוב.');
    expect(errorText(errorForStatus(401, '', { code: 'token_invalid', message: 'Invalid or expired token' }), t)).toBe('פג תוקף ההתחברות. אנא התחבר שוב.');
    expect(errorText(errorForStatus(418, '', null), t)).toBe('משהו השתבש. אנא נסה שוב.');
    // A code this client does not know: the catalogue or the server's message, never the code itself.
    expect(errorText(errorForStatus(409, '', { code: 'brand_new', message: 'Client name already exists' }), t)).toBe('Client name already exists');
  });

  it('words the four refusals of issue 31 in Hebrew, names and numbers isolated', async () => {
    await i18n.changeLanguage('he');
    const t = i18n.t.bind(i18n);
    const client = errorForStatus(409, '', {
      success: false,
      code: 'client_in_use',
      params: { name: 'Galil Orchards', refs: { user: 1, plot: 4, project: 18 } },
      message: 'Client "Galil Orchards" cannot be deleted: it still has 1 user, 4 plots, and 18 projects. Delete or move them first.',
    });
    const text = errorText(client, t);
    expect(text).toContain(`${FSI}Galil Orchards${PDI}`);
    expect(plain(text)).toBe('לא ניתן למחוק את הלקוח "Galil Orchards": עדיין משויכים אליו משתמש אחד, 4 חלקות ו-18 פרויקטים. יש למחוק או להעביר אותם קודם.');
    const crop = errorForStatus(409, '', { code: 'reference_in_use', params: { entity: 'crop_type', name: 'Citrus', refs: { crop_option: 2 } }, message: 'x' });
    expect(plain(errorText(crop, t))).toBe('לא ניתן למחוק את סוג הגידול "Citrus": בשימוש על ידי שני גידולים');
    const boundary = errorForStatus(422, '', {
      code: 'boundary_import_invalid',
      params: { bad: 1, total: 2 },
      message: '1 of 2 features cannot be imported; nothing was written',
      errors: [
        {
          field: 'features.1.crop_name',
          code: 'crop_unknown',
          params: { name: 'North', crop: 'Bananas' },
          message: 'North: crop "Bananas" is not in the crop list',
        },
      ],
    });
    expect(errorText(boundary, t)).toBe('לא ניתן לייבא 1 מתוך 2 ישויות; דבר לא נשמר');
    expect(errorItems(boundary, t).map(plain)).toEqual(['North: הגידול "Bananas" אינו ברשימת הגידולים']);
    const grid = errorForStatus(400, '', {
      code: 'invalid_input',
      params: { where: 'body' },
      message: 'Invalid body: gridSize: gridSize must be 5–50 m',
      errors: [{ field: 'gridSize', code: 'too_small', params: { origin: 'number', minimum: 5, inclusive: true }, message: 'gridSize must be 5–50 m' }],
    });
    expect(plain(errorText(grid, t))).toBe('הנתונים שנשלחו אינם תקינים: גודל תא הרשת (מטרים): לפחות 5');
    const file = errorForStatus(422, '', {
      code: 'no_polygons',
      params: { holds: { point: 12, line: 3 } },
      message: 'The file holds no polygons: 12 points and 3 lines',
    });
    expect(errorText(file, t)).toBe('אין בקובץ פוליגונים: 12 נקודות ו-3 קווים');
    const missing = errorForStatus(404, '', { code: 'not_found', params: { entity: 'plot', id: 7 }, message: 'Plot 7 not found' });
    expect(plain(errorText(missing, t))).toBe('החלקה 7 לא נמצאה');
  });

  it('keeps the server’s English wording in English', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    const message = 'Client "Galil Orchards" cannot be deleted: it still has 1 user, 4 plots, and 18 projects. Delete or move them first.';
    const client = errorForStatus(409, '', { code: 'client_in_use', params: { name: 'Galil Orchards', refs: { user: 1, plot: 4, project: 18 } }, message });
    expect(errorText(client, t)).toBe(message);
    const crop = errorForStatus(409, '', { code: 'reference_in_use', params: { entity: 'crop_type', name: 'Citrus', refs: { crop_option: 2 } }, message: 'x' });
    expect(errorText(crop, t)).toBe('Crop type "Citrus" cannot be deleted: it is used by 2 crop options');
    const grid = errorForStatus(400, '', {
      code: 'invalid_input',
      params: { where: 'body' },
      message: 'Invalid body: gridSize: gridSize must be 5–50 m',
      errors: [{ field: 'gridSize', code: 'too_small', params: { origin: 'number', minimum: 5 }, message: 'gridSize must be 5–50 m' }],
    });
    expect(errorText(grid, t)).toBe('Invalid body: gridSize: gridSize must be 5–50 m');
    expect(errorText(errorForStatus(404, '', { code: 'not_found', params: { entity: 'plot', id: 7 } }), t)).toBe('Plot 7 not found');
    await i18n.changeLanguage('he');
  });
});
