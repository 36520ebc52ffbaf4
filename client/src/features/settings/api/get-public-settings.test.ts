import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, PUBLIC_SETTINGS_ELEMENT_ID } from '@shared/constants';
import { PublicSettingsSchema } from '@shared/schemas/settings';
import { apiServer, json, recordRequests } from '@tests/support/api-server';

const answer = {
  businessName: 'Bayou Web Works',
  businessEmail: 'hi@bayou.example',
  businessLocation: 'Lafayette, LA',
  businessPhone: '(337) 555-0142',
  businessWebsite: 'https://bayou.example',
  timeZone: 'America/Chicago',
};

/**
 * GET /api/settings/public answered with exactly `body`: not through json(), since these
 * answers are meant to be off the schema (an extra field, a wrong type).
 */
function answerRaw(body: object) {
  apiServer.use(http.get('/api/settings/public', () => HttpResponse.json(body)));
}

/** GET /api/settings/public answered with `answer`; the requests made from now on. */
function stubPublicSettings() {
  apiServer.use(http.get('/api/settings/public', () => json(PublicSettingsSchema, answer)));
  return recordRequests();
}

/** The module afresh, as a page load would run it, with `html` in the document. */
async function loadWith(html: string) {
  document.head.innerHTML = html;
  vi.resetModules();
  return import('./get-public-settings');
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('getPublicSettings', () => {
  it('reads the answer through its schema', async () => {
    answerRaw({ ...answer, extra: true });
    const { getPublicSettings } = await loadWith('');
    await expect(getPublicSettings()).resolves.toEqual(answer);
  });

  it('refuses an answer of another shape', async () => {
    answerRaw({ ...answer, businessName: 42 });
    const { getPublicSettings } = await loadWith('');
    await expect(getPublicSettings()).rejects.toThrow(/businessName/);
  });
});

describe('usePublicSettings', () => {
  it('shows the settings the server wrote into the page, without asking the API', async () => {
    const calls = recordRequests();
    const { usePublicSettings } = await loadWith(
      `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json">${JSON.stringify(answer)}</script>`,
    );
    const { result } = renderHook(() => usePublicSettings());
    expect(result.current).toEqual(answer);
    expect(calls).toEqual([]);
  });

  it('asks the API once when the page carries none, showing the defaults meanwhile', async () => {
    const calls = stubPublicSettings();
    const { usePublicSettings } = await loadWith('');
    const { result } = renderHook(() => usePublicSettings());
    expect(result.current).toEqual(DEFAULT_SETTINGS);
    await waitFor(() => expect(result.current).toEqual(answer));
    renderHook(() => usePublicSettings());
    expect(calls).toEqual([{ method: 'GET', url: '/api/settings/public', body: undefined }]);
  });

  it('ignores page data of another shape', async () => {
    stubPublicSettings();
    const { usePublicSettings } = await loadWith(
      `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json">{"businessName":1}</script>`,
    );
    const { result } = renderHook(() => usePublicSettings());
    await waitFor(() => expect(result.current).toEqual(answer));
  });
});
