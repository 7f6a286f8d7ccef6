// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18n from '../../i18n';
import { getToken, saveSession } from '../../api/session';
import { ProfilePage, SUPPORT_EMAIL } from './profile-page';

beforeEach(async () => {
  await i18n.changeLanguage('he');
  saveSession(
    {
      expiresAt: null,
      sessionId: 1,
      token: 'tok',
      user: {
        user_id: 1,
        email: 'g@x.farm',
        role: 'user',
        client_id: 1,
        client_name: 'Galil',
        first_name: 'Yossi',
        last_name: 'G',
        must_change_password: false,
      },
    },
    true,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"success":true}')),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderProfile = () =>
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/" element={<p data-testid="landing">landing</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('ProfilePage', () => {
  it('shows the title and the six entries, none of them a dead click', () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('פרופיל');
    const mail = screen.getByTestId('profile-mail');
    expect(mail.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('בקשת תמיכה')}`);
    const feedback = screen.getByTestId('profile-feedback').getAttribute('href')!;
    expect(decodeURIComponent(feedback)).toMatch(/^mailto:.+\?subject=משוב על האפליקציה&body=גרסה \d+\.\d+\.\d+, שפה he/);
    const message = screen.getByTestId('profile-message');
    expect(message.getAttribute('aria-disabled')).toBe('true');
    expect(message.getAttribute('title')).toContain('בקרוב');
    expect(screen.getByTestId('logout').textContent).toContain('התנתקות');
  });

  it('shows the version and what is new under updates', () => {
    renderProfile();
    fireEvent.click(screen.getByTestId('profile-updates'));
    const panel = screen.getByTestId('updates-panel');
    expect(panel.textContent).toMatch(/גרסה \d+\.\d+\.\d+/);
    expect(panel.querySelectorAll('li').length).toBeGreaterThan(0);
    expect(screen.getByTestId('profile-updates').getAttribute('aria-expanded')).toBe('true');
  });

  it('switches the language from settings', async () => {
    renderProfile();
    fireEvent.click(screen.getByTestId('profile-settings'));
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile'));
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('logs out: clears the session and goes to /', async () => {
    renderProfile();
    fireEvent.click(screen.getByTestId('logout'));
    await screen.findByTestId('landing');
    expect(getToken()).toBeNull();
  });
});
