// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useHostApi, useHostServicesValue } from 'host-core/host-api';
import { createActions, createStores } from 'host-core/local-stores';
import { DEFAULT_RUNTIME_CONFIG, type CatalogApi } from 'shared-contracts';
import { proxy } from 'valtio/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettingsDraft } from './use-settings-draft';
import { memoryStorage } from 'host-core/testing';

/** The settings page's draft over the host's real stores, as the host hands them to the page. */
function setup() {
  const stores = createStores(memoryStorage());
  const actions = createActions(stores);
  const connectivity = proxy({ online: true });
  const view = renderHook(() => {
    const services = useHostServicesValue({
      stores,
      actions,
      catalog: {} as CatalogApi,
      config: DEFAULT_RUNTIME_CONFIG,
      connectivity,
      navigate: () => {},
      setDocumentTitle: () => {},
    });
    return useSettingsDraft(useHostApi(services));
  });
  return { actions, draft: () => view.result.current };
}

afterEach(cleanup);

describe('useSettingsDraft', () => {
  it('keeps what the person typed when a store is written meanwhile, and follows the fields they did not edit', async () => {
    const { actions, draft } = setup();
    act(() => draft().update('backendUrl', 'http://my-server.example'));
    // The region look-up answering, and another tab switching the theme, while the person types.
    await act(async () => actions.setRegion('europe', { userPicked: false }));
    await act(async () => actions.setTheme('blue'));
    expect(draft().draft.backendUrl).toBe('http://my-server.example');
    expect(draft().draft.theme, 'a field not edited follows the stores').toBe('blue');
    expect(draft().dirty).toBe(true);
  });

  it('is clean again once the edits are saved, and then follows the stores in every field', async () => {
    const { actions, draft } = setup();
    act(() => draft().update('preferences', (p) => ({ ...p, enableDetailsModal: !p.enableDetailsModal })));
    act(() => draft().update('theme', 'teal'));
    const wanted = draft().draft.preferences.enableDetailsModal;
    await act(async () => draft().save());
    expect(draft().dirty).toBe(false);
    expect(draft().draft.theme).toBe('teal');
    await act(async () => actions.setTheme('blue'));
    expect(draft().draft.theme, 'a saved edit no longer holds the field').toBe('blue');
    expect(draft().draft.preferences.enableDetailsModal).toBe(wanted);
    expect(draft().dirty).toBe(false);
  });

  it('Reset drops every edit', () => {
    const { draft } = setup();
    const before = draft().draft;
    act(() => draft().update('language', 'ar'));
    act(() => draft().update('styling', (s) => ({ ...s, color: '#ff0000' })));
    expect(draft().dirty).toBe(true);
    act(() => draft().reset());
    expect(draft().draft).toEqual(before);
    expect(draft().dirty).toBe(false);
  });
});
