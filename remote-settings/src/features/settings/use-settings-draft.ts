/**
 * The settings page edits a draft: changes are kept while moving between sections and applied to the
 * host stores on Save (or dropped on Reset).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { HostApi, Preferences, SubtitleStyling, ThemeName } from 'shared-contracts';

export interface SettingsDraft {
  theme: ThemeName;
  language: string;
  preferences: Preferences;
  styling: SubtitleStyling;
  /** The user's custom backend; '' = the configured one. */
  backendUrl: string;
  /** The user's proxy workers; null = the configured ones. */
  proxyUrls: string[] | null;
}

function fromHost(state: HostApi['state']): SettingsDraft {
  return {
    backendUrl: state.customBackendUrl ?? '',
    proxyUrls: state.customProxyUrls ? [...state.customProxyUrls] : null,
    theme: state.theme,
    language: state.language,
    preferences: { ...state.preferences, sourceOrder: [...state.preferences.sourceOrder] },
    styling: { ...state.subtitles.styling },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The edits minus those the stores now hold (after Save, or the same change made in another tab). */
function withoutSaved(edits: Partial<SettingsDraft>, saved: SettingsDraft): Partial<SettingsDraft> {
  const left = Object.entries(edits).filter(([key, value]) => !same(value, saved[key as keyof SettingsDraft]));
  return left.length === Object.keys(edits).length ? edits : Object.fromEntries(left);
}

export function useSettingsDraft(host: HostApi) {
  const saved = useMemo(() => fromHost(host.state), [host.state]);
  // The person's edits over the stores: a store write (another tab, the account sync, the region
  // look-up) shows in every field they have not edited and never overwrites one they have, even when it
  // lands between a keystroke and React's effects.
  const [edits, setEdits] = useState<Partial<SettingsDraft>>({});
  const draft = useMemo(() => ({ ...saved, ...edits }), [saved, edits]);
  const dirty = !same(draft, saved);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- drops edits the stores caught up with; returns the same object otherwise
    setEdits((old) => withoutSaved(old, saved));
  }, [saved]);

  const update = useCallback(
    <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K] | ((old: SettingsDraft[K]) => SettingsDraft[K])) => {
      setEdits((old) => {
        const current = (key in old ? old[key] : saved[key]) as SettingsDraft[K];
        return { ...old, [key]: typeof value === 'function' ? value(current) : value };
      });
    },
    [saved],
  );

  const save = useCallback(async () => {
    const { actions } = host;
    if (draft.backendUrl !== saved.backendUrl) {
      // Changing the server logs out: the account lives on the old one (the caller asks first).
      if (host.state.account) await host.accountService?.logout();
      actions.setBackendUrl(draft.backendUrl || null);
    }
    if (!same(draft.proxyUrls, saved.proxyUrls)) actions.setProxyUrls(draft.proxyUrls);
    if (draft.theme !== saved.theme) actions.setTheme(draft.theme);
    if (draft.language !== saved.language) actions.setLanguage(draft.language);
    if (!same(draft.preferences, saved.preferences)) actions.setPreferences(draft.preferences);
    if (!same(draft.styling, saved.styling)) actions.setSubtitleSettings({ styling: draft.styling });
  }, [host, draft, saved]);

  const reset = useCallback(() => setEdits({}), []);

  // The chosen theme shows on the whole site before Save; leaving the page without saving, Reset,
  // and Save (which stores it) end the preview. Hosts before contracts 1.2 cannot preview.
  const previewTheme = host.actions.previewTheme;
  useEffect(() => {
    previewTheme?.(draft.theme !== saved.theme ? draft.theme : null);
  }, [previewTheme, draft.theme, saved.theme]);
  useEffect(() => () => previewTheme?.(null), [previewTheme]);

  return { draft, saved, dirty, update, save, reset };
}

export type SettingsDraftApi = ReturnType<typeof useSettingsDraft>;
