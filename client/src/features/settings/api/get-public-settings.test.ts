import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, PUBLIC_SETTINGS_ELEMENT_ID } from '@shared/constants';

const answer = {
  businessName: 'Bayou Web Works',
  businessEmail: 'hi@bayou.example',
  businessLocation: 'Lafayette, LA',
  businessPhone: '(337) 555-0142',
  businessWebsite: 'https://bayou.example',
};

/** The module afresh, as a page load would run it, with `html` in the document. */
async function loadWith(html: string) {
  document.head.innerHTML = html;
  vi.resetModules();
  return import('./get-public-settings');
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('getPublicSettings', () => {
  it('reads the answer through its schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...answer, extra: true }))),
    );
    const { getPublicSettings } = await loadWith('');
    await expect(getPublicSettings()).resolves.toEqual(answer);
  });

  it('refuses an answer of another shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...answer, businessName: 42 }))),
    );
    const { getPublicSettings } = await loadWith('');
    await expect(getPublicSettings()).rejects.toThrow(/businessName/);
  });
});

describe('usePublicSettings', () => {
  it('shows the settings the server wrote into the page, without asking the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { usePublicSettings } = await loadWith(
      `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json">${JSON.stringify(answer)}</script>`,
    );
    const { result } = renderHook(() => usePublicSettings());
    expect(result.current).toEqual(answer);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the API once when the page carries none, showing the defaults meanwhile', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer)));
    vi.stubGlobal('fetch', fetchMock);
    const { usePublicSettings } = await loadWith('');
    const { result } = renderHook(() => usePublicSettings());
    expect(result.current).toEqual(DEFAULT_SETTINGS);
    await waitFor(() => expect(result.current).toEqual(answer));
    renderHook(() => usePublicSettings());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ignores page data of another shape', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer)));
    vi.stubGlobal('fetch', fetchMock);
    const { usePublicSettings } = await loadWith(
      `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json">{"businessName":1}</script>`,
    );
    const { result } = renderHook(() => usePublicSettings());
    await waitFor(() => expect(result.current).toEqual(answer));
  });
});
