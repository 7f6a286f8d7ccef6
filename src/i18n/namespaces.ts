type Resources = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Turns glob-imported JSON modules into i18next resources.
 * '../features/admin/users/locales/he.json' → resources.he['admin.users'];
 * './locales/he/common.json' → resources.he.common.
 */
export function namespacesFromModules(modules: Record<string, { default: Record<string, unknown> }>): Resources {
  const out: Resources = {};
  for (const [file, mod] of Object.entries(modules)) {
    const feature = /features\/(.+)\/locales\/(\w+)\.json$/.exec(file);
    const common = /locales\/(\w+)\/(\w+)\.json$/.exec(file);
    const [ns, lng] = feature ? [feature[1].replace(/\//g, '.'), feature[2]] : common ? [common[2], common[1]] : [];
    if (!ns || !lng) continue;
    (out[lng] ??= {})[ns] = mod.default;
  }
  return out;
}
