/**
 * The kernel's side of settings (issue 11 item 3), behind `PLUGIN_CONTEXT.settings`: a plugin reads
 * and writes its own declared keys, and reads the kernel's non-secret ones, with defaults applied,
 * through its context (the one way; the kernel knows the caller, so a plugin cannot pass another's
 * id or read another plugin's secrets). Not injectable by plugins.
 */
/** Read company and global settings (defaults applied) and write a plugin's own keys, by plugin id. */
export interface Settings {
  /** A company's value of `key` (a kernel option or a declared plugin key), or its default. */
  company(companyId: number, key: string): Promise<string>;
  /** A platform-wide value, or its default. */
  global(key: string): Promise<string>;
  /**
   * Stores a company's value of one of the calling plugin's own declared keys (`<pluginId>.…`),
   * checked by its schema (400 with details when it does not pass); screens that may read it are told.
   * 404 ERR_NO_SETTING_FOUND for a key the plugin did not declare or the company's plan does not allow.
   */
  setCompany(pluginId: string, companyId: number, key: string, value: string): Promise<void>;
  /**
   * A platform secret kept in one of the calling plugin's own declared global keys (`<pluginId>.…`):
   * its stored value, or, while none is set (empty), 32 random bytes (base64url) generated here and
   * stored once in the database. The first writer wins atomically, so every server process gets the
   * same value, on a fresh install too. A super user may still replace it through /api/settings/global.
   * Throws for a key the plugin did not declare as a global setting.
   */
  globalSecret(pluginId: string, key: string): Promise<string>;
}
